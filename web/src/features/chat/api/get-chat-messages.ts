// GET /api/chat/sessions/{id}/messages — read by the visitor widget and the agent console.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { apiRequest } from '@/lib/api-client';

export const chatMessagesQueryKey = (sessionId: string) => ['chat', sessionId, 'messages'] as const;

export function getChatMessages(sessionId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return apiRequest<ChatMessage[]>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, { signal });
}

export const chatMessagesQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: chatMessagesQueryKey(sessionId),
    queryFn: ({ signal }) => getChatMessages(sessionId, signal),
  });

export function useChatMessages(sessionId: string | null | undefined) {
  return useQuery({ ...chatMessagesQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}

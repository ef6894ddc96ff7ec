// GET /api/chat/sessions/{id} — the visitor's own chat (404 when it is not theirs or unknown).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSession } from '@/api-types/ChatSession';
import { apiRequest } from '@/lib/api-client';

export const chatSessionQueryKey = (sessionId: string) => ['chat', sessionId, 'session'] as const;

export function getChatSession(sessionId: string, signal?: AbortSignal): Promise<ChatSession> {
  return apiRequest<ChatSession>(`/api/chat/sessions/${encodeURIComponent(sessionId)}`, { signal });
}

export const chatSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: chatSessionQueryKey(sessionId),
    queryFn: ({ signal }) => getChatSession(sessionId, signal),
    // While queued its place moves as others are assigned (no event says so);
    // the agent joining is a system message, which refetches at once.
    refetchInterval: (query) => (query.state.data?.queuePosition != null ? 15_000 : false),
  });

export function useChatSession(sessionId: string | null | undefined) {
  return useQuery({ ...chatSessionQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}

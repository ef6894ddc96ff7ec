// GET /api/chat/sessions/{id} — the visitor's own chat (404 when it is not theirs or unknown).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { apiRequest } from '@/lib/api-client';

export const chatSessionQueryKey = (sessionId: string) => ['chat', sessionId, 'session'] as const;

export function getChatSession(sessionId: string, signal?: AbortSignal): Promise<WidgetChat> {
  return apiRequest<WidgetChat>(`/api/chat/sessions/${encodeURIComponent(sessionId)}`, { signal });
}

export const chatSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: chatSessionQueryKey(sessionId),
    queryFn: ({ signal }) => getChatSession(sessionId, signal),
    // While queued its place moves as others are assigned, and while away an
    // agent may come online but be full: no event says so. The agent joining
    // or answering is a message, which refetches at once (chat-widget.tsx).
    refetchInterval: (query) => {
      const kind = query.state.data?.line.kind;
      return kind === 'queued' ? 15_000 : kind === 'away' ? 30_000 : false;
    },
  });

export function useChatSession(sessionId: string | null | undefined) {
  return useQuery({ ...chatSessionQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}

// GET /api/agent/chats/{id} — one chat's summary for the conversation header.

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';
import { agentChatListsKey } from './list-agent-chats';

export const agentChatQueryKey = (sessionId: string) => ['admin', 'chats', 'detail', sessionId] as const;

export function getAgentChat(sessionId: string, signal?: AbortSignal): Promise<ChatSummary> {
  return apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}`, { signal });
}

export const agentChatQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: agentChatQueryKey(sessionId),
    queryFn: ({ signal }) => getAgentChat(sessionId, signal),
  });

export function useAgentChat(sessionId: string | null | undefined) {
  return useQuery({ ...agentChatQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}

/** After a change to one chat: store its new summary and refetch the inbox lists. */
export function storeAgentChat(queryClient: QueryClient, summary: ChatSummary): Promise<void> {
  queryClient.setQueryData(agentChatQueryKey(summary.sessionId), summary);
  return queryClient.invalidateQueries({ queryKey: agentChatListsKey });
}

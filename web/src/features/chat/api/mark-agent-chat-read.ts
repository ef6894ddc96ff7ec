// POST /api/agent/chats/{id}/read — clears the chat's unread badge.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';
import { agentChatQueryKey } from './get-agent-chat';
import { applyInboxSummaries } from './list-agent-chats';

export function markAgentChatRead(sessionId: string): Promise<ChatSummary> {
  return apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/read`, { method: 'POST' });
}

/**
 * Silent on failure: the badge simply stays until the next successful read.
 * The answer is the chat's new summary: it goes into the cached inbox lists
 * (`me` for the "mine" filter) instead of every list being refetched, which
 * cost more than the message being read.
 */
export function useMarkAgentChatRead(me: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'read'],
    mutationFn: markAgentChatRead,
    onSuccess: (summary) => {
      queryClient.setQueryData(agentChatQueryKey(summary.sessionId), summary);
      applyInboxSummaries(queryClient, [summary], me);
    },
  });
}

// POST /api/agent/chats/{id}/read — clears the chat's unread badge.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';
import { agentChatQueryKey } from './get-agent-chat';
import { applyInboxSummaries } from './list-agent-chats';

/** When this page last asked to mark each chat read. */
const ownReads = new Map<string, number>();

/**
 * Whether this page asked to mark the chat read in the last 3 s: the `read`
 * inbox update it then hears is its own (it may come before the answer), and
 * the answer already has the chat's summary.
 */
export function readHereJustNow(sessionId: string, now = Date.now()): boolean {
  const at = ownReads.get(sessionId);
  return at !== undefined && now - at < 3_000;
}

export function markAgentChatRead(sessionId: string): Promise<ChatSummary> {
  const now = Date.now();
  for (const [id, at] of ownReads) if (now - at >= 3_000) ownReads.delete(id);
  ownReads.set(sessionId, now);
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

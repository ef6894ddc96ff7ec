// POST /api/agent/chats/{id}/read — clears the chat's unread badge.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';
import { storeAgentChat } from './get-agent-chat';

export function markAgentChatRead(sessionId: string): Promise<ChatSummary> {
  return apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/read`, { method: 'POST' });
}

/** Silent on failure: the badge simply stays until the next successful read. */
export function useMarkAgentChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'read'],
    mutationFn: markAgentChatRead,
    onSuccess: (summary) => storeAgentChat(queryClient, summary),
  });
}

// POST /api/agent/chats/{id}/state — open, pending, snoozed (until a time or a preset), resolved.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import type { StateBody } from '@/api-types/StateBody';
import { apiRequest } from '@/lib/api-client';
import { toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { chatNotesKey } from './agent-availability';
import { storeAgentChat } from './get-agent-chat';
import { stateCountsKey } from './get-state-counts';

export function setChatState(sessionId: string, body: StateBody): Promise<ChatSummary> {
  return apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/state`, {
    method: 'POST',
    body,
  });
}

export function useSetChatState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'state'],
    mutationFn: ({ sessionId, body }: { sessionId: string; body: StateBody }) => setChatState(sessionId, body),
    onSuccess: async (summary) => {
      await storeAgentChat(queryClient, summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stateCountsKey }),
        queryClient.invalidateQueries({ queryKey: chatNotesKey(summary.sessionId) }),
      ]);
    },
    onError: (error) => toast({ title: toastTitles.chatError, description: error.message, variant: 'destructive' }),
  });
}

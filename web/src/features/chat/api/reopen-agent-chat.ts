// POST /api/agent/chats/{id}/reopen.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';
import { toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { storeAgentChat } from './get-agent-chat';

export function reopenAgentChat(sessionId: string): Promise<ChatSummary> {
  return apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/reopen`, { method: 'POST' });
}

export function useReopenAgentChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'reopen'],
    mutationFn: reopenAgentChat,
    onSuccess: (summary) => storeAgentChat(queryClient, summary),
    onError: (error) => toast({ title: toastTitles.chatError, description: error.message, variant: 'destructive' }),
  });
}

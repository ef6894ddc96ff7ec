// POST /api/agent/chats/{id}/assign.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';
import { toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { storeAgentChat } from './get-agent-chat';

export function assignAgentChat(sessionId: string): Promise<ChatSummary> {
  return apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/assign`, { method: 'POST' });
}

export function useAssignAgentChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'assign'],
    mutationFn: assignAgentChat,
    onSuccess: (summary) => storeAgentChat(queryClient, summary),
    onError: (error) => toast({ title: toastTitles.chatError, description: error.message, variant: 'destructive' }),
  });
}

// POST /api/agent/chats/{id}/resolve.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';
import { toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { storeAgentChat } from './get-agent-chat';

export function resolveAgentChat(sessionId: string): Promise<ChatSummary> {
  return apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/resolve`, { method: 'POST' });
}

export function useResolveAgentChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'resolve'],
    mutationFn: resolveAgentChat,
    onSuccess: (summary) => storeAgentChat(queryClient, summary),
    onError: (error) => toast({ title: toastTitles.chatError, description: error.message, variant: 'destructive' }),
  });
}

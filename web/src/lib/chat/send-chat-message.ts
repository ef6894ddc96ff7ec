// POST /api/chat/sessions/{id}/messages — the visitor writes as `user`; an agent
// posting here is recorded as `agent` (and takes an unassigned chat).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { apiRequest, refusalMessage } from '@/lib/api-client';
import { messages, toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { chatMessagesQueryKey } from './get-chat-messages';

export interface SendChatMessageInput {
  sessionId: string;
  message: string;
}

export function sendChatMessage({ sessionId, message }: SendChatMessageInput): Promise<ChatMessage> {
  return apiRequest<ChatMessage>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, {
    method: 'POST',
    body: { message },
  });
}

/**
 * Sending refetches the list (spec §4); a failure shows the catalogue's send-failure
 * toast, except a refusal, which the composer shows in the server's words.
 */
export function useSendChatMessage(options: { onSent?: (message: ChatMessage) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'send'],
    mutationFn: sendChatMessage,
    onSuccess: async (message, { sessionId }) => {
      options.onSent?.(message);
      await queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey(sessionId) });
    },
    onError: (error) => {
      if (refusalMessage(error)) return;
      toast({ title: toastTitles.chatError, description: messages.chatSendFailed, variant: 'destructive' });
    },
  });
}

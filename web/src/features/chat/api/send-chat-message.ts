// POST /api/chat/sessions/{id}/messages — the visitor writes as `user`; an agent
// posting here is recorded as `agent` (and takes an unassigned chat).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { apiRequest, refusalMessage } from '@/lib/api-client';
import { messages, toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { applyNewMessage, refetchChatMessages } from '../lib/chat-cache';

export interface SendChatMessageInput {
  sessionId: string;
  message: string;
  /** The same on a retry of this message, which is then stored once. */
  clientMessageId?: string;
  /** An attachment uploaded to this chat (upload-attachment.ts) that the message carries. */
  attachmentId?: string;
}

export function sendChatMessage({ sessionId, message, clientMessageId, attachmentId }: SendChatMessageInput): Promise<ChatMessage> {
  return apiRequest<ChatMessage>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, {
    method: 'POST',
    body: { message, clientMessageId, attachmentId },
  });
}

/**
 * The answer (the stored message) goes into the cached list at once, so the
 * message shows as the box clears, and the list is refetched in the
 * background (spec §4). A failure shows the catalogue's send-failure toast,
 * except a refusal, which the composer shows in the server's words.
 */
export function useSendChatMessage(options: { onSent?: (message: ChatMessage) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'send'],
    mutationFn: sendChatMessage,
    onSuccess: (message) => {
      options.onSent?.(message);
      applyNewMessage(queryClient, message);
      // Not awaited: the box need not wait for the whole history to come back.
      void refetchChatMessages(queryClient, message.sessionId);
    },
    onError: (error) => {
      if (refusalMessage(error)) return;
      toast({ title: toastTitles.chatError, description: messages.chatSendFailed, variant: 'destructive' });
    },
  });
}

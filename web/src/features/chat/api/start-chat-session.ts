// POST /api/chat/sessions.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { apiRequest, refusalMessage } from '@/lib/api-client';
import { messages, toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { chatSessionQueryKey } from './get-chat-session';

export interface StartChatInput {
  visitorName: string;
  visitorEmail: string;
  /** The page the visitor is on, shown to agents. */
  pageUrl: string;
}

export function startChatSession(body: StartChatInput): Promise<WidgetChat> {
  return apiRequest<WidgetChat>('/api/chat/sessions', { method: 'POST', body });
}

/** Success and failure toasts are the catalogue's (spec §8); a refusal is shown by the form instead. */
export function useStartChatSession(options: { onStarted?: (session: WidgetChat) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'start'],
    mutationFn: startChatSession,
    onSuccess: (session) => {
      queryClient.setQueryData(chatSessionQueryKey(session.sessionId), session);
      toast({ title: toastTitles.chatStarted, description: messages.chatStarted });
      options.onStarted?.(session);
    },
    onError: (error) => {
      if (refusalMessage(error)) return;
      toast({ title: toastTitles.chatError, description: messages.chatStartFailed, variant: 'destructive' });
    },
  });
}

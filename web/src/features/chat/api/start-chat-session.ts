// POST /api/chat/sessions.

import 'virtual:catalog/en/widget';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@/api-types/Language';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { apiRequest, refusalMessage } from '@/lib/api-client';
import { t } from '@/i18n/i18n';
import { toast } from '@/lib/toast-store';
import { chatSessionQueryKey } from './get-chat-session';

export interface StartChatInput {
  visitorName: string;
  visitorEmail: string;
  /** The page the visitor is on, shown to agents. */
  pageUrl: string;
  /** The page's language: the chat's notices and emails are written in it. */
  language: Language;
}

export function startChatSession(body: StartChatInput): Promise<WidgetChat> {
  return apiRequest<WidgetChat>('/api/chat/sessions', { method: 'POST', body });
}

/**
 * Success and failure toasts are the error catalogue's (spec §8), in the page's
 * language; a refusal is shown by the form instead.
 */
export function useStartChatSession(options: { onStarted?: (session: WidgetChat) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'start'],
    mutationFn: startChatSession,
    onSuccess: (session) => {
      queryClient.setQueryData(chatSessionQueryKey(session.sessionId), session);
      toast({ title: t('widget.start.startedTitle'), description: t('widget.start.started') });
      options.onStarted?.(session);
    },
    onError: (error) => {
      if (refusalMessage(error)) return;
      toast({ title: t('widget.start.errorTitle'), description: t('widget.start.failed'), variant: 'destructive' });
    },
  });
}

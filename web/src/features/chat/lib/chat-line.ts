// The widget's one status line: the server's `ChatLine` (one reading of who
// is online, the queue, the assignment and the chat's state, email included)
// in words. The hours only say when the team is back.

import 'virtual:catalog/en/widget';
import type { ChatHours } from '@/api-types/ChatHours';
import type { ChatLine } from '@/api-types/ChatLine';
import { t } from '@/i18n/i18n';
import { chatHoursReturn } from './chat-hours';

/** What the visitor is told now; `null` once the chat is resolved (its footer says so). */
export function chatLineText(line: ChatLine, now: Date, hours: ChatHours, visitorEmail: string): string | null {
  switch (line.kind) {
    case 'connected':
      return t('widget.line.connected', { agent: line.agentName });
    case 'joining':
      return t('widget.line.joining', { agent: line.agentName });
    case 'queued':
      return line.waitMinutes === null
        ? t('widget.line.queued', { position: line.position })
        : t('widget.line.queuedWait', { position: line.position, minutes: line.waitMinutes });
    case 'away':
      return awayText(now, hours, line.replyByEmail ? t('widget.line.replyToEmail', { email: visitorEmail }) : null);
    case 'resolved':
      return null;
  }
}

/**
 * Before a chat starts, with no agent online: the same words, the reply
 * going to the address about to be given (by email only when it is sent).
 */
export function awayBeforeStart(now: Date, hours: ChatHours, replyByEmail: boolean): string {
  return awayText(now, hours, replyByEmail ? t('widget.line.replyByEmail') : null);
}

function awayText(now: Date, hours: ChatHours, byEmail: string | null): string {
  const back = chatHoursReturn(now, hours);
  const away = back ? t('widget.line.awayUntil', { back }) : t('widget.line.away');
  return `${away} ${byEmail ?? t('widget.line.replyHere')}`;
}

// Where one of the viewer's stored messages is, under it: one tick when the
// server has it (sent), two when the other side's device has it (delivered),
// two in colour once they had it in view (seen). The newest of the viewer's
// messages also says it in words. The time of that step shows on hover or
// keyboard focus, and to screen readers. Beside it, whether the message came
// or went by email (MessageEmailMark).

import 'virtual:catalog/en/widget';
import { Check, CheckCheck, Mail } from 'lucide-react';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { formatMessageTime } from '@/features/chat/lib/message-format';
import { messageStatus } from '@/features/chat/lib/receipts';

/** A step in words: "Sent", "Delivered", "Seen". */
export function statusText(state: 'sent' | 'delivered' | 'seen'): string {
  if (state === 'sent') return t('widget.status.sent');
  return state === 'delivered' ? t('widget.status.delivered') : t('widget.status.seen');
}

export function MessageStatusMark({ message, labelled }: { message: ChatMessage; labelled: boolean }) {
  const { state, at } = messageStatus(message);
  const text = statusText(state);
  const time = formatMessageTime(at);
  const Icon = state === 'sent' ? Check : CheckCheck;
  return (
    <span
      role="img"
      tabIndex={0}
      data-status={state}
      aria-label={`${text} ${time}`}
      className="group relative inline-flex items-center gap-0.5 rounded focus-visible:outline-2 focus-visible:outline-brand"
    >
      <Icon
        aria-hidden="true"
        className={cn('h-3.5 w-3.5', state === 'seen' ? 'text-brand-dark dark:text-brand-light' : 'text-gray-500 dark:text-gray-400')}
      />
      {labelled && <span aria-hidden="true">{text}</span>}
      <span
        role="tooltip"
        aria-hidden="true"
        className="pointer-events-none absolute right-0 bottom-full z-10 mb-1 hidden whitespace-nowrap rounded bg-gray-900 px-2 py-1 text-xs text-white shadow group-hover:block group-focus-visible:block dark:bg-gray-100 dark:text-gray-900"
      >
        {text} {time}
      </span>
    </span>
  );
}


/**
 * "By email" on a message the visitor sent by replying to a chat email;
 * "Emailed" (with its time on hover or focus) on an agent's reply that went
 * to the visitor by email because they had left. Nothing otherwise.
 */
export function MessageEmailMark({ message }: { message: ChatMessage }) {
  const came = message.channel === 'email';
  if (!came && !message.emailedAt) return null;
  const text = came ? t('widget.email.came') : t('widget.email.went');
  const detail = came ? `${text} ${formatMessageTime(message.createdAt)}` : `${text} ${formatMessageTime(message.emailedAt!)}`;
  return (
    <span
      role="img"
      tabIndex={0}
      data-email={came ? 'came' : 'went'}
      aria-label={detail}
      className="group relative inline-flex items-center gap-0.5 rounded focus-visible:outline-2 focus-visible:outline-brand"
    >
      <Mail aria-hidden="true" className="h-3.5 w-3.5 text-gray-500 dark:text-gray-400" />
      <span aria-hidden="true">{text}</span>
      <span
        role="tooltip"
        aria-hidden="true"
        className="pointer-events-none absolute left-0 bottom-full z-10 mb-1 hidden whitespace-nowrap rounded bg-gray-900 px-2 py-1 text-xs text-white shadow group-hover:block group-focus-visible:block dark:bg-gray-100 dark:text-gray-900"
      >
        {detail}
      </span>
    </span>
  );
}

// How an inbox row shows what needs action now: a highlight for a chat
// alerted about since the agent last opened it while it still needs them
// (unread visitor messages, or new in the queue), a red background past the
// site's first-reply alarm, and one waiting badge: red "Waiting N min" past
// the alarm, quiet while the visitor merely waits for the next reply.

import type { ChatSummary } from '@/api-types/ChatSummary';
import { cn } from '@/lib/cn';
import { useInboxAlertState } from '@/features/chat/lib/console-alerts/alerts-context';
import { minutesWaiting, waitingTooLong } from '@/features/chat/lib/console-alerts/alert-engine';

export interface InboxRowAlert {
  highlighted: boolean;
  waiting: boolean;
  /** Classes for the row (when it is not the selected one). */
  className: string | false;
}

/** Whether an alerted chat still asks something of an agent. */
export function needsActionNow(chat: ChatSummary): boolean {
  return chat.status === 'open' && (chat.unreadCount > 0 || chat.queuePosition !== null);
}

export function useInboxRowAlert(chat: ChatSummary, now: number): InboxRowAlert {
  const alerts = useInboxAlertState();
  const highlighted = (alerts?.highlighted.has(chat.sessionId) ?? false) && needsActionNow(chat);
  const waiting = alerts ? waitingTooLong(chat, now, alerts.thresholdMinutes) : false;
  return {
    highlighted,
    waiting,
    // One background at a time (class order would decide otherwise): the fresh alert first.
    className: highlighted
      ? 'bg-amber-50 ring-2 ring-inset ring-amber-500 dark:bg-amber-950/60 dark:ring-amber-400'
      : waiting && 'bg-red-50 dark:bg-red-950/40',
  };
}

/** "Waiting 7 min", "Waiting 1 h 5 min", "Waiting <1 min". */
export function waitingText(minutes: number): string {
  if (minutes < 1) return 'Waiting <1 min';
  if (minutes < 60) return `Waiting ${minutes} min`;
  const rest = minutes % 60;
  return `Waiting ${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

export function InboxWaitingBadge({ chat, now, alert }: { chat: ChatSummary; now: number; alert: InboxRowAlert }) {
  if (alert.waiting) {
    return (
      <span
        data-testid="waiting-badge"
        className="shrink-0 rounded bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white dark:bg-red-400 dark:text-gray-950"
      >
        {waitingText(minutesWaiting(chat, now))}
        <span className="sr-only"> without a reply</span>
      </span>
    );
  }
  if (!chat.awaitingReply || !chat.waitingSince) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(chat.waitingSince)) / 60_000));
  return (
    <span
      data-testid="waiting-badge"
      className={cn('shrink-0 rounded bg-amber-100 px-1.5 text-xs font-medium leading-5 text-amber-900 dark:bg-amber-900 dark:text-amber-100')}
    >
      {waitingText(minutes)}
    </span>
  );
}

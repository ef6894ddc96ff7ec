// How an inbox row shows the alerts: a highlight for a chat alerted about
// since the agent last opened it, and a red "Waiting N min" badge for a chat
// past the site's first-reply threshold.

import type { ChatSummary } from '@/api-types/ChatSummary';
import { useInboxAlertState } from '@/features/chat/lib/console-alerts/alerts-context';
import { minutesWaiting, waitingTooLong } from '@/features/chat/lib/console-alerts/alert-engine';

export interface InboxRowAlert {
  highlighted: boolean;
  waiting: boolean;
  /** Classes for the row (when it is not the selected one). */
  className: string | false;
}

export function useInboxRowAlert(chat: ChatSummary, now: number): InboxRowAlert {
  const alerts = useInboxAlertState();
  const highlighted = alerts?.highlighted.has(chat.sessionId) ?? false;
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

export function InboxWaitingBadge({ chat, now, alert }: { chat: ChatSummary; now: number; alert: InboxRowAlert }) {
  if (!alert.waiting) return null;
  return (
    <span data-testid="waiting-badge" className="rounded bg-red-700 px-1.5 py-0.5 font-semibold text-white dark:bg-red-400 dark:text-gray-950">
      Waiting {minutesWaiting(chat, now)} min<span className="sr-only"> without a reply</span>
    </span>
  );
}

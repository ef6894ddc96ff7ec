import { Link } from 'react-router-dom';
import type { AdminOverview } from '@/api-types/AdminOverview';
import type { OverviewCount } from '@/api-types/OverviewCount';
import { Alert } from '@/components/ui/alert';
import { useOverview } from '@/lib/api/admin-overview';
import { useEmailHealth } from '@/features/ops/api/email-health';
import { formatEatDateTime } from '@/lib/admin-time';
import { formatWaiting } from '@/lib/console-format';
import { useNow } from '@/lib/use-now';

interface Tile {
  label: string;
  item: OverviewCount;
  /** A second line (e.g. the oldest waiting time). */
  detail?: string;
  /** Counts that mean someone must act are highlighted when above zero. */
  urgent?: boolean;
}

/** The overview's tiles, in the order an admin checks them. */
export function overviewTiles(overview: AdminOverview, now: number): Tile[] {
  return [
    {
      label: 'Chats waiting',
      item: overview.chatsWaiting,
      detail: overview.oldestWaitingSince ? `Oldest ${formatWaiting(overview.oldestWaitingSince, now)}` : 'Nobody is waiting',
      urgent: true,
    },
    {
      label: `No reply after ${overview.firstReplyAlertMinutes} min`,
      item: overview.waitingTooLong,
      detail: overview.oldestUnansweredSince
        ? `Oldest unanswered ${formatWaiting(overview.oldestUnansweredSince, now)}`
        : 'Every open chat has a reply',
      urgent: true,
    },
    { label: 'Agents online', item: overview.agentsOnline, detail: 'Agent consoles open now' },
    { label: 'New contact requests', item: overview.newContactRequests, detail: 'Not handled yet', urgent: true },
    { label: 'Registrations this week', item: overview.registrationsThisWeek, detail: 'Since Monday (EAT)' },
    { label: 'Dead-lettered messages', item: overview.deadLetters, detail: 'Not replayed yet', urgent: true },
    {
      label: 'Overdue privacy requests',
      item: overview.privacyRequestsOverdue,
      detail: 'A step past its due date',
      urgent: true,
    },
    {
      label: 'Subscriptions awaiting confirmation',
      item: overview.subscriptionsAwaiting,
      detail: 'Their emailed link not yet confirmed',
    },
  ];
}

const emailStates = { working: 'Working', failing: 'Failing', off: 'Off' } as const;

/** Outgoing email: off, working or failing, with the last success and the last error. */
function EmailTile() {
  const health = useEmailHealth().data;
  if (!health) return null;
  const urgent = health.state !== 'working';
  return (
    <li
      className={`h-full rounded-lg border p-3 ${
        urgent ? 'border-brand-dark bg-pink-50 dark:border-brand-light dark:bg-gray-800' : 'border-gray-200 dark:border-gray-700'
      }`}
    >
      <span className="block text-sm font-medium text-gray-700 dark:text-gray-300">Outgoing email</span>
      <span className="mt-1 block text-3xl font-bold">{emailStates[health.state]}</span>
      <span className="mt-1 block text-xs text-gray-700 dark:text-gray-300">
        {`Last success: ${health.lastSuccessAt ? formatEatDateTime(health.lastSuccessAt) : 'none yet'}`}
      </span>
      {health.lastError && health.state === 'failing' && (
        <span className="mt-1 block text-xs break-words text-gray-700 dark:text-gray-300">{`Last error: ${health.lastError}`}</span>
      )}
    </li>
  );
}

/** What waits for a person, each number a link to where it is handled. */
export function OverviewTiles() {
  const overview = useOverview();
  const now = useNow();

  return (
    <section aria-labelledby="overview-heading" className="mt-6">
      <h2 id="overview-heading" className="sr-only">
        Needs attention
      </h2>
      {overview.isPending && (
        <p role="status" className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          Loading overview...
        </p>
      )}
      {overview.isError && (
        <div className="mt-4">
          <Alert title="Failed to load the overview">{overview.error.message}</Alert>
        </div>
      )}
      {overview.data?.messageStoreFull && (
        <div className="mt-4">
          <Alert title="The message store is full">
            It refuses new messages: chats, contact and privacy requests fail until it has room. Free space on the NATS
            servers or raise their JetStream limit.
          </Alert>
        </div>
      )}
      {overview.data && (
        <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {overviewTiles(overview.data, now).map((tile) => {
            const highlighted = tile.urgent === true && tile.item.count > 0;
            return (
              <li key={tile.label}>
                <Link
                  to={tile.item.href}
                  className={`block h-full rounded-lg border p-3 hover:border-brand focus-visible:outline-2 ${
                    highlighted
                      ? 'border-brand-dark bg-pink-50 dark:border-brand-light dark:bg-gray-800'
                      : 'border-gray-200 dark:border-gray-700'
                  }`}
                >
                  <span className="block text-sm font-medium text-gray-700 dark:text-gray-300">{tile.label}</span>
                  <span className="mt-1 block text-3xl font-bold">{tile.item.count}</span>
                  {tile.detail && (
                    <span className="mt-1 block text-xs text-gray-700 dark:text-gray-300">{tile.detail}</span>
                  )}
                </Link>
              </li>
            );
          })}
          <EmailTile />
        </ul>
      )}
    </section>
  );
}

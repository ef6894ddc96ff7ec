import { Download } from 'lucide-react';
import { useState } from 'react';
import type { SubscriptionTopic } from '@/api-types/SubscriptionTopic';
import type { WaitlistInterest } from '@/api-types/WaitlistInterest';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { FilterButtons } from '@/components/ui/filter-buttons';
import { Pagination } from '@/components/ui/pagination';
import { useWaitlist, waitlistCsvHref, type WaitlistInterestFilter } from '../api/waitlist-list';
import { useSubscriberCounts } from '../api/waitlist-subscribers';

const interestOptions: WaitlistInterestFilter[] = ['all', 'general', 'gpu-cluster'];
export const interestLabels: Record<WaitlistInterestFilter, string> = {
  all: 'All',
  general: 'Registration',
  'gpu-cluster': 'GPU cluster early access',
};
const topicLabels: Record<SubscriptionTopic, string> = { blog: 'Blog', events: 'Events' };

const joinedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

/** Email subscribers per topic: confirmed, with the pending ones beside them. */
function Subscribers() {
  const counts = useSubscriberCounts();
  if (counts.isPending) return <p className="text-sm text-gray-700 dark:text-gray-300">Loading subscribers...</p>;
  if (counts.isError) return <Alert title="Failed to load subscribers">{counts.error.message}</Alert>;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Email subscribers">
      {counts.data.topics.map((row) => (
        <li key={row.topic} className="rounded-lg border border-gray-200 px-4 py-2 text-sm dark:border-gray-700">
          <span className="font-semibold">{topicLabels[row.topic]}:</span> {row.confirmed} confirmed, {row.pending}{' '}
          awaiting confirmation
        </li>
      ))}
    </ul>
  );
}

/** /admin: who waits for registration or the GPU cluster, with a CSV export, and the subscriber counts. */
export function WaitlistSection() {
  const [interest, setInterest] = useState<WaitlistInterestFilter>('all');
  const [page, setPage] = useState(1);
  const waitlist = useWaitlist({ interest, page });
  const items = waitlist.data?.items ?? [];
  const totalPages = waitlist.data ? Number(waitlist.data.pagination.totalPages) : 0;
  const total = waitlist.data ? Number(waitlist.data.pagination.total) : 0;

  return (
    <section id="waitlist" aria-labelledby="waitlist-heading" className="mt-12 scroll-mt-24">
      <h2 id="waitlist-heading" className="text-xl font-semibold">
        Waitlist
      </h2>
      {/* The overview's "Subscriptions awaiting confirmation" links here. */}
      <div id="subscribers" className="mt-4 scroll-mt-24">
        <Subscribers />
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <FilterButtons
          label="Filter by interest"
          options={interestOptions}
          value={interest}
          display={(option) => interestLabels[option as WaitlistInterestFilter]}
          onChange={(value) => {
            setInterest(value as WaitlistInterestFilter);
            setPage(1);
          }}
        />
        <a href={waitlistCsvHref(interest)} download className={buttonClass('secondary')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      <div className="mt-6" aria-busy={waitlist.isFetching}>
        {waitlist.isPending && (
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            Loading waitlist...
          </p>
        )}
        {waitlist.isError && <Alert title="Failed to load the waitlist">{waitlist.error.message}</Alert>}
        {waitlist.data && items.length === 0 && (
          <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700 dark:border-gray-600 dark:text-gray-300">
            {interest === 'all' ? 'Nobody is on the waitlist yet.' : 'Nobody is waiting for this yet.'}
          </p>
        )}
        {items.length > 0 && (
          <>
            <p className="mb-2 text-sm text-gray-700 dark:text-gray-300">
              {total} {total === 1 ? 'entry' : 'entries'}
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-gray-200 dark:border-gray-700">
                    <th scope="col" className="py-2 pr-4 font-semibold">Email</th>
                    <th scope="col" className="py-2 pr-4 font-semibold">Name</th>
                    <th scope="col" className="py-2 pr-4 font-semibold">Interest</th>
                    <th scope="col" className="py-2 font-semibold">Joined</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((entry) => (
                    <tr key={entry.id} className="border-b border-gray-100 dark:border-gray-800">
                      <td className="py-2 pr-4 break-all">{entry.email}</td>
                      <td className="py-2 pr-4">{entry.name ?? '—'}</td>
                      <td className="py-2 pr-4">{interestLabels[entry.interest as WaitlistInterest]}</td>
                      <td className="py-2">
                        <time dateTime={entry.createdAt}>{joinedFormat.format(new Date(entry.createdAt))}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-4">
              <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

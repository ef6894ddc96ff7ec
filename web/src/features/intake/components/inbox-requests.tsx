import { useState } from 'react';
import type { ContactRequest } from '@/api-types/ContactRequest';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { FilterButtons } from '@/components/ui/filter-buttons';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-field';
import { mailtoHref } from '@/lib/mailto';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMessages, type MessageStatusFilter } from '../api/messages-list';
import { useUpdateMessage } from '../api/messages-update';
import { formatRelativeTime } from '@/lib/console-format';
import { useNow } from '@/lib/use-now';

const statusOptions: MessageStatusFilter[] = ['all', 'new', 'handled'];
const statusLabels: Record<MessageStatusFilter, string> = { all: 'All', new: 'New', handled: 'Handled' };

/** "Re: <subject>", once, for the reply link. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** The inbox of contact and demo requests: search, status filter, mark handled, assign, reply by email. */
export function InboxRequests({ adminId }: { adminId: string }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MessageStatusFilter>('new');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search, 300);
  const messages = useMessages({ search: settledSearch, status, page });
  const now = useNow();

  const items = messages.data?.items ?? [];
  const totalPages = messages.data ? Number(messages.data.pagination.totalPages) : 0;

  return (
    <section id="inbox" aria-labelledby="inbox-heading" className="mt-12 scroll-mt-24">
      <h2 id="inbox-heading" className="text-xl font-semibold">
        Contact and demo requests
      </h2>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="sm:max-w-sm sm:flex-1">
          <SearchField
            label="Search requests"
            placeholder="Search name, email, subject or message..."
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        </div>
        <FilterButtons
          label="Filter by status"
          options={statusOptions}
          value={status}
          display={(option) => statusLabels[option as MessageStatusFilter]}
          onChange={(value) => {
            setStatus(value as MessageStatusFilter);
            setPage(1);
          }}
        />
      </div>

      <div className="mt-6" aria-busy={messages.isFetching}>
        {messages.isPending && (
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            Loading requests...
          </p>
        )}
        {messages.isError && <Alert title="Failed to load requests">{messages.error.message}</Alert>}
        {messages.data && items.length === 0 && (
          <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700 dark:border-gray-600 dark:text-gray-300">
            {settledSearch.trim() || status !== 'all' ? 'No requests match these filters.' : 'No contact requests yet.'}
          </p>
        )}
        {items.length > 0 && (
          <ul className="space-y-4">
            {items.map((request) => (
              <li key={request.id}>
                <InboxRequest request={request} adminId={adminId} now={now} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Request pages" />
      </div>
    </section>
  );
}

function InboxRequest({ request, adminId, now }: { request: ContactRequest; adminId: string; now: number }) {
  const update = useUpdateMessage();
  const handled = request.status === 'handled';
  const mine = request.assignedTo === adminId;
  const headingId = `request-${request.id}`;
  const details = [
    request.phone && `Phone ${request.phone}`,
    request.company && `Company ${request.company}`,
    request.source && `Sent from ${request.source}`,
  ].filter(Boolean);

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 p-4 dark:border-gray-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            <bdi>{request.subject}</bdi>
          </h3>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            <bdi>{request.name}</bdi> · <span className="break-all">{request.email}</span> ·{' '}
            <time dateTime={request.createdAt} title={new Date(request.createdAt).toLocaleString()}>
              {formatRelativeTime(request.createdAt, now)}
            </time>
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            handled
              ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100'
              : 'bg-pink-100 text-pink-900 dark:bg-pink-950 dark:text-pink-100'
          }`}
        >
          {handled ? 'Handled' : 'New'}
        </span>
      </div>
      <p className="mt-3 text-sm whitespace-pre-wrap break-words">
        <bdi>{request.message}</bdi>
      </p>
      {details.length > 0 && <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">{details.join(' · ')}</p>}
      <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">
        {request.assignedToName ? `Assigned to ${mine ? 'you' : request.assignedToName}` : 'Unassigned'}
        {handled && request.handledByName && ` · Handled by ${request.handledByName}`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={mailtoHref(request.email, { subject: replySubject(request.subject) })}
          className={buttonClass('secondary')}
          aria-describedby={headingId}
        >
          Reply by email
        </a>
        <Button
          variant="secondary"
          disabled={update.isPending}
          aria-describedby={headingId}
          onClick={() => update.mutate({ id: request.id, patch: { status: handled ? 'new' : 'handled' } })}
        >
          {handled ? 'Mark as new' : 'Mark handled'}
        </Button>
        {!mine && (
          <Button
            variant="ghost"
            disabled={update.isPending}
            aria-describedby={headingId}
            onClick={() => update.mutate({ id: request.id, patch: { assignedToMe: true } })}
          >
            Assign to me
          </Button>
        )}
      </div>
    </article>
  );
}

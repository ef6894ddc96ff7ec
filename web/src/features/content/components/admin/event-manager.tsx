import { CheckCheck, Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Event } from '@/api-types/Event';
import { cardStatusLabel, StatusBadge } from '@/features/content/components/event-badges';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { LoadingMessage } from '@/components/ui/spinner';
import { limits } from '@/config/site';
import { formatCalendarDate } from '@/lib/content/dates';
import { toast } from '@/lib/toast-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { deleteEvent, useDeleteEvent } from '@/features/content/api/delete-event';
import { adminEventsTexts, invalidateEventQueries, useAdminEvents } from '@/features/content/api/list-admin-events';
import { updateEvent } from '@/features/content/api/update-event';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { EventForm, type EventFormTarget } from './event-form';
import { duplicateValues, eventInputOf } from './event-model';
import {
  EmptyList,
  headRowClass,
  ListCount,
  LoadFailed,
  RowAction,
  rowClass,
  SelectAllCheckbox,
  tableClass,
} from '@/components/admin/list-states';
import { SortHeader, useSorted } from '@/components/admin/sortable';
import { countOf, reportBulk, titleList, useBulkAction } from '@/lib/use-bulk-action';
import { useSelection } from '@/lib/use-selection';

type SortKey = 'title' | 'category' | 'date' | 'status';

const sortValues: Record<SortKey, (event: Event) => string> = {
  title: (event) => event.title.toLowerCase(),
  category: (event) => event.category.toLowerCase(),
  date: (event) => event.date,
  status: (event) => event.status,
};

export const markCompletedRefused = 'The server kept it upcoming';

/** Marks one event completed: the same fields with `completed` set, checked in the answer. */
export async function markCompleted(event: Event): Promise<Event> {
  const saved = await updateEvent({ id: event.id, input: eventInputOf(event, { completed: true }) });
  if (saved.status !== 'completed') throw new Error(markCompletedRefused);
  return saved;
}

/**
 * The events admin: a searchable, sortable table of every event (latest date
 * first) with create, edit and delete (confirmed). The enhanced screen adds
 * bulk selection (mark completed, delete), Duplicate, and the editor with
 * inline upload and live preview.
 */
export function EventManager({ enhanced }: { enhanced: boolean }) {
  const path = enhanced ? '/admin/events/enhanced' : '/admin/events';
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, limits.searchDebounceMs);
  const events = useAdminEvents(search);
  const everyEvent = useAdminEvents('');
  const [editing, setEditing] = useState<EventFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Event | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const remove = useDeleteEvent();
  const bulk = useBulkAction<Event>(invalidateEventQueries);

  const rows = useMemo(() => events.data ?? [], [events.data]);
  const { sorted, sort, sortBy } = useSorted<Event, SortKey>(rows, sortValues, { key: 'date', direction: 'descending' });
  const ids = useMemo(() => sorted.map((event) => event.id), [sorted]);
  const selection = useSelection(ids);
  const selected = sorted.filter((event) => selection.isSelected(event.id));
  const categories = useMemo(
    () => [...new Set((everyEvent.data ?? []).map((event) => event.category))].sort((a, b) => a.localeCompare(b)),
    [everyEvent.data],
  );

  if (editing) {
    return (
      <AdminSectionPage path={path} wide={enhanced}>
        <EventForm target={editing} categories={categories} enhanced={enhanced} onDone={() => setEditing(null)} />
      </AdminSectionPage>
    );
  }

  const completeSelected = () => {
    const items = selected.filter((event) => event.status !== 'completed');
    if (items.length === 0) {
      toast({ title: 'Every selected event is already completed' });
      return;
    }
    bulk.mutate(
      { items, action: markCompleted },
      {
        onSuccess: (outcome) => {
          reportBulk(outcome, (event) => event.title, 'event', 'marked completed');
          selection.clear();
        },
      },
    );
  };

  const deleteSelected = () => {
    bulk.mutate(
      { items: selected, action: (event) => deleteEvent(event.id) },
      {
        onSuccess: (outcome) => {
          reportBulk(outcome, (event) => event.title, 'event', 'deleted');
          selection.clear();
        },
        onSettled: () => setConfirmBulkDelete(false),
      },
    );
  };

  const newButton = (
    <Button onClick={() => setEditing({ kind: 'new' })}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      New event
    </Button>
  );

  let body;
  if (events.isPending) {
    body = <LoadingMessage>Loading events...</LoadingMessage>;
  } else if (events.isError && !events.data) {
    body = (
      <LoadFailed
        title={adminEventsTexts.listFailed}
        message={events.error.message}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
      />
    );
  } else if (sorted.length === 0) {
    body = search.trim() ? (
      <EmptyList>No events match “{search.trim()}”.</EmptyList>
    ) : (
      <EmptyList action={newButton}>There are no events yet.</EmptyList>
    );
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <caption className="sr-only">Events</caption>
          <thead>
            <tr className={headRowClass}>
              {enhanced && (
                <th scope="col" className="w-10">
                  <SelectAllCheckbox
                    label="Select all events"
                    checked={selection.allSelected}
                    mixed={selection.partlySelected}
                    onChange={selection.toggleAll}
                  />
                </th>
              )}
              <SortHeader label="Title" column="title" sort={sort} onSort={sortBy} />
              <SortHeader label="Category" column="category" sort={sort} onSort={sortBy} />
              <SortHeader label="Date" column="date" sort={sort} onSort={sortBy} />
              <SortHeader label="Status" column="status" sort={sort} onSort={sortBy} />
              <th scope="col">Location</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((event) => (
              <tr key={event.id} className={rowClass}>
                {enhanced && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${event.title}`}
                      checked={selection.isSelected(event.id)}
                      onChange={() => selection.toggle(event.id)}
                      className="h-4 w-4 accent-brand-dark"
                    />
                  </td>
                )}
                <th scope="row" className="max-w-xs font-semibold break-words">
                  <Link
                    to={`/events/${encodeURIComponent(event.id)}`}
                    className="hover:underline"
                    aria-label={`${event.title} (view on the events page)`}
                  >
                    {event.title}
                  </Link>
                </th>
                <td className="break-words">{event.category}</td>
                <td className="whitespace-nowrap">
                  <time dateTime={event.date}>{formatCalendarDate(event.date)}</time>
                  <span className="block text-gray-700 dark:text-gray-300">{event.time}</span>
                </td>
                <td>
                  <StatusBadge status={event.status} label={cardStatusLabel(event.status)} />
                </td>
                <td className="break-words">{event.location}</td>
                <td>
                  <div className="flex justify-end gap-1">
                    <RowAction label="Edit" subject={event.title} icon={Pencil} onClick={() => setEditing({ kind: 'edit', event })} />
                    {enhanced && (
                      <RowAction label="Duplicate" subject={event.title} icon={Copy} onClick={() => setEditing({ kind: 'copy', of: event, values: duplicateValues(event) })} />
                    )}
                    <RowAction label="Delete" subject={event.title} icon={Trash2} danger onClick={() => setDeleting(event)} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <AdminSectionPage path={path} wide={enhanced}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="w-full max-w-md">
          <SearchField label="Search events" placeholder="Search events..." value={searchText} onChange={setSearchText} />
        </div>
        {newButton}
      </div>
      <ListCount count={events.data?.length} noun="event" search={search} updating={events.isFetching && !events.isPending} />
      {enhanced && sorted.length > 0 && (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-800"
        >
          <span className="mr-2 text-sm font-semibold">
            {selection.ids.length === 0
              ? 'Select events to act on several at once'
              : `${countOf(selection.ids.length, 'event')} selected`}
          </span>
          <Button variant="secondary" disabled={selection.ids.length === 0 || bulk.isPending} onClick={completeSelected}>
            <CheckCheck aria-hidden="true" className="h-4 w-4" />
            Mark completed
          </Button>
          <Button
            variant="secondary"
            disabled={selection.ids.length === 0 || bulk.isPending}
            onClick={() => setConfirmBulkDelete(true)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
          {selection.ids.length > 0 && (
            <Button variant="ghost" onClick={selection.clear} disabled={bulk.isPending}>
              Clear selection
            </Button>
          )}
        </div>
      )}
      <div className="mt-4">{body}</div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this event?"
        confirmLabel="Delete event"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Event deleted', description: deleting.title }),
            onError: (error) => toast({ title: 'The event was not deleted', description: error.message, variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>“{deleting?.title}” will be removed from the events page at once. This cannot be undone.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmBulkDelete}
        title={`Delete ${countOf(selected.length, 'event')}?`}
        confirmLabel={`Delete ${countOf(selected.length, 'event')}`}
        destructive
        busy={bulk.isPending}
        onCancel={() => setConfirmBulkDelete(false)}
        onConfirm={deleteSelected}
      >
        <p>These events will be removed from the events page at once. This cannot be undone.</p>
        <ul className="mt-2 list-disc pl-6">
          {titleList(selected.map((event) => event.title)).map((title, index) => (
            <li key={index} className="break-words">
              {title}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </AdminSectionPage>
  );
}

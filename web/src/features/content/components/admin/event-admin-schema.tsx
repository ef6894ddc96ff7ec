import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCheck } from 'lucide-react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { Event } from '@/api-types/Event';
import type { EventInput } from '@/api-types/EventInput';
import { formatCalendarDate } from '@/lib/content/dates';
import { useSiteSettings } from '@/lib/site-settings';
import { cardStatusLabel, StatusBadge } from '@/features/content/components/event-badges';
import { EventDetail } from '@/features/content/components/event-detail';
import { useCreateEvent } from '@/features/content/api/create-event';
import { deleteEvent, useDeleteEvent } from '@/features/content/api/delete-event';
import { adminEventsTexts, invalidateEventQueries, useAdminEvents } from '@/features/content/api/list-admin-events';
import { updateEvent, useUpdateEvent } from '@/features/content/api/update-event';
import type { ContentSchema } from './content-manager';
import {
  duplicateValues,
  eventFieldFor,
  eventInput,
  eventInputOf,
  eventSchema,
  eventValues,
  previewEvent,
  type EventValues,
} from '../../lib/event-model';
import { eventLimits } from '@/api-types/input-limits';
import { languageOptions } from '../../lib/blog-post-model';
import { typingCap } from '../../lib/content-rules';
import { HighlightsEditor } from './highlights-editor';

export const markCompletedRefused = 'The server kept it upcoming';

/** Marks one event completed: the same fields with `completed` set, checked in the answer. */
export async function markCompleted(event: Event): Promise<Event> {
  const saved = await updateEvent({ id: event.id, input: eventInputOf(event, { completed: true }) });
  if (saved.status !== 'completed') throw new Error(markCompletedRefused);
  return saved;
}

/** The live preview: the event exactly as its public page will show it once saved. */
function EventPreview({ control }: { control: Control<EventValues> }) {
  const settings = useSiteSettings();
  const values = useWatch({ control }) as EventValues;
  const event = previewEvent(values);
  return (
    <div className="px-4 pb-8 lg:px-8">
      <EventDetail
        event={{ ...event, title: event.title || 'Untitled event', category: event.category || 'Category' }}
        eventsSiteUrl={settings.eventsSiteUrl}
        headingLevel={2}
      />
    </div>
  );
}

/**
 * The events admin (/admin/events): every event, latest date first, with its
 * date, status and location; the enhanced screen marks events completed in
 * bulk and duplicates one into a new, unsaved event.
 */
export const eventAdminSchema: ContentSchema<Event, EventValues, EventInput, 'date' | 'status'> = {
  path: '/admin/events',
  noun: 'event',
  publicName: 'the events page',
  publicPath: (event) => `/events/${encodeURIComponent(event.id)}`,
  texts: {
    loading: 'Loading events...',
    listFailed: adminEventsTexts.listFailed,
    empty: 'There are no events yet.',
    caption: 'Events',
  },
  useList: useAdminEvents,
  invalidate: invalidateEventQueries,
  useDelete: useDeleteEvent,
  remove: deleteEvent,
  sortValues: {
    title: (event) => event.title.toLowerCase(),
    category: (event) => event.category.toLowerCase(),
    date: (event) => event.date,
    status: (event) => event.status,
  },
  defaultSort: { key: 'date', direction: 'descending' },
  columns: [
    {
      label: 'Date',
      sortKey: 'date',
      cell: (event) => (
        <td className="whitespace-nowrap">
          <time dateTime={event.date}>{formatCalendarDate(event.date)}</time>
          <span className="block text-gray-700 dark:text-gray-300">{event.time}</span>
        </td>
      ),
    },
    {
      label: 'Status',
      sortKey: 'status',
      cell: (event) => (
        <td>
          <StatusBadge status={event.status} label={cardStatusLabel(event.status)} />
        </td>
      ),
    },
    { label: 'Location', cell: (event) => <td className="break-words">{event.location}</td> },
  ],
  bulkActions: [
    {
      label: 'Mark completed',
      icon: CheckCheck,
      picks: (event) => event.status !== 'completed',
      none: 'Every selected event is already completed',
      action: markCompleted,
      done: 'marked completed',
    },
  ],
  duplicate: duplicateValues,
  form: {
    noun: 'event',
    resolver: zodResolver(eventSchema),
    useValues: eventValues,
    input: eventInput,
    fieldFor: eventFieldFor,
    unfocusable: ['highlights'],
    useCreate: useCreateEvent,
    useUpdate: useUpdateEvent,
    gridFields: [
      { kind: 'input', name: 'date', label: 'Date', type: 'date' },
      { kind: 'input', name: 'time', label: 'Time', placeholder: '09:00 - 17:00 EAT', maxLength: typingCap(eventLimits.timeChars) },
      { kind: 'input', name: 'location', label: 'Location', maxLength: typingCap(eventLimits.locationChars) },
      { kind: 'select', name: 'language', label: 'Language', options: languageOptions, hint: 'The language the event is described in.' },
    ],
    fields: [
      {
        kind: 'input',
        name: 'registerLink',
        label: 'Registration link',
        hint: 'Where Register Now goes; without one it opens the default events site.',
      },
      { kind: 'textarea', name: 'description', label: 'Description', rows: 8 },
      {
        kind: 'custom',
        name: 'highlights',
        render: (control) => (
          <Controller
            control={control}
            name="highlights"
            render={({ field, fieldState }) => (
              <HighlightsEditor
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                max={eventLimits.highlights}
              />
            )}
          />
        ),
      },
      {
        kind: 'checkbox',
        name: 'completed',
        label: 'Completed',
        hint: 'Marks the event completed before its date. Once its date has passed it shows as completed anyway.',
      },
    ],
    Preview: EventPreview,
  },
};

// GET /api/events/{id} — one event.

// The events area's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Event } from '@/api-types/Event';
import { freshness } from '@/config/site';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';

/** The texts in the page's language. */
export const eventTexts = {
  get notFound() {
    return t('events.failure.notFound');
  },
};

export const eventQueryKey = (id: string) => ['events', 'detail', id] as const;

/** Also preloaded by the event's served HTML (`app/route-data.json`). */
export const eventPath = (id: string) => `/api/events/${encodeURIComponent(id)}`;

export function getEvent(id: string, signal?: AbortSignal): Promise<Event> {
  return apiRequest<Event>(eventPath(id), { signal, describe: () => eventTexts.notFound });
}

/** Fresh as long as the lists (5 minutes): an event changes rarely. */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventQueryKey(id),
    queryFn: ({ signal }) => getEvent(id, signal),
    ...freshness.list,
  });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}

// GET /api/events?page=1&limit=1000&search — every event (up to the API's 1000) for the admin tables.

import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Event } from '@/api-types/Event';
import type { EventList } from '@/api-types/EventList';
import { limits } from '@/config/site';
import { apiRequest } from '@/lib/api-client';
import { uploadsKey } from './list-uploads';

/** Every admin events query (for invalidation). */
export const adminEventsKey = ['admin', 'events'] as const;
export const adminEventsListKey = (search: string) => [...adminEventsKey, 'list', { search }] as const;

export const adminEventsTexts = {
  listFailed: 'Failed to load events',
} as const;

export async function listAdminEvents(search: string, signal?: AbortSignal): Promise<Event[]> {
  const query = new URLSearchParams({ page: '1', limit: String(limits.adminListLimit) });
  const trimmed = search.trim();
  if (trimmed) query.set('search', trimmed);
  const list = await apiRequest<EventList>(`/api/events?${query}`, { signal });
  return list.events;
}

export const adminEventsListOptions = (search: string) =>
  queryOptions({
    queryKey: adminEventsListKey(search.trim()),
    queryFn: ({ signal }) => listAdminEvents(search, signal),
    // Another admin may have changed an event: read again whenever the table opens.
    staleTime: 0,
  });

/** The events matching `search`; the previous rows stay while the next load. */
export function useAdminEvents(search: string) {
  return useQuery({ ...adminEventsListOptions(search), placeholderData: keepPreviousData });
}

/** After a write: the admin tables, the uploads list and every public events read (lists, filters, details). */
export function invalidateEventQueries(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminEventsKey }),
    // Which posts and events use an image is part of the uploads list.
    client.invalidateQueries({ queryKey: uploadsKey }),
    client.invalidateQueries({ queryKey: ['events'] }),
  ]).then(() => undefined);
}

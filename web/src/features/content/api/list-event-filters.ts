// GET /api/events?limit=1000 — every event, read for the status and category
// buttons and the Other Events section.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Event } from '@/api-types/Event';
import type { EventList } from '@/api-types/EventList';
import { freshness, limits } from '@/config/site';
import { apiRequest } from '@/lib/api-client';

export const eventFiltersTexts = {
  failed: 'Failed to fetch event filters',
} as const;

export const eventFiltersQueryKey = ['events', 'filters'] as const;

/** Categories the Upcoming Events grid is about; Other Events shows the rest (case-insensitive). */
export const mainEventCategories = ['summit', 'conference', 'infrastructure'] as const;

export function listEventFilterSource(signal?: AbortSignal): Promise<EventList> {
  return apiRequest<EventList>(`/api/events?limit=${limits.filterSourceLimit}`, {
    signal,
    describe: () => eventFiltersTexts.failed,
  });
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * The first 4 events outside the summit, conference and infrastructure
 * categories, leaving out those already on screen (`shown`, the ids of the
 * grid above) so no card appears twice.
 */
export function otherEvents(events: Event[], shown: ReadonlySet<string> = new Set()): Event[] {
  return events
    .filter((event) => !(mainEventCategories as readonly string[]).includes(event.category.trim().toLowerCase()))
    .filter((event) => !shown.has(event.id))
    .slice(0, limits.otherEvents);
}

export interface EventFilters {
  statuses: string[];
  categories: string[];
  /** Every event, for Other Events (see {@link otherEvents}). */
  all: Event[];
}

/** Status and category lists, each prefixed All, and every event for Other Events, from the limit=1000 answer. */
export function summariseEventFilters(events: Event[]): EventFilters {
  return {
    statuses: ['All', ...distinct(events.map((event) => event.status))],
    categories: ['All', ...distinct(events.map((event) => event.category))],
    all: events,
  };
}

export const eventFiltersQueryOptions = () =>
  queryOptions({
    queryKey: eventFiltersQueryKey,
    queryFn: ({ signal }) => listEventFilterSource(signal),
    select: (list: EventList) => summariseEventFilters(list.events),
    ...freshness.filters,
  });

export function useEventFilters() {
  return useQuery(eventFiltersQueryOptions());
}

// GET /api/events/facets — the status and category buttons and the events
// Other Events may show, chosen by the server: its answer stays small
// however many events there are (the page never fetches every event).

// The events area's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '@/api-types/EventSummary';
import type { EventFacets } from '@/api-types/EventFacets';
import { freshness, limits } from '@/config/site';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';

/** The texts in the page's language. */
export const eventFiltersTexts = {
  get failed() {
    return t('events.failure.filters');
  },
};

export const eventFacetsQueryKey = ['events', 'facets'] as const;

/** Also preloaded by /events' served HTML (`app/route-data.json`). */
export const eventFacetsPath = '/api/events/facets';

export function getEventFacets(signal?: AbortSignal): Promise<EventFacets> {
  return apiRequest<EventFacets>(eventFacetsPath, { signal, describe: () => eventFiltersTexts.failed });
}

/**
 * The first 4 of the server's Other Events candidates (events outside the
 * summit, conference and infrastructure categories, in the list's order),
 * leaving out those already on screen (`shown`, the ids of the grid above)
 * so no card appears twice.
 */
export function otherEvents(candidates: EventSummary[], shown: ReadonlySet<string> = new Set()): EventSummary[] {
  return candidates.filter((event) => !shown.has(event.id)).slice(0, limits.otherEvents);
}

export interface EventFilters {
  statuses: string[];
  categories: string[];
  /** Candidates for Other Events (see {@link otherEvents}). */
  others: EventSummary[];
}

/** Status and category lists, each prefixed All, and the Other Events candidates. */
export function summariseEventFilters(facets: EventFacets): EventFilters {
  return {
    statuses: ['All', ...facets.statuses.map(({ status }) => status)],
    categories: ['All', ...facets.categories.map(({ category }) => category)],
    others: facets.otherEvents,
  };
}

export const eventFacetsQueryOptions = () =>
  queryOptions({
    queryKey: eventFacetsQueryKey,
    queryFn: ({ signal }) => getEventFacets(signal),
    select: summariseEventFilters,
    ...freshness.filters,
  });

export function useEventFacets() {
  return useQuery(eventFacetsQueryOptions());
}

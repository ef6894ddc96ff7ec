// GET /api/events?page&limit&search&status&category&lang — one page of events, the page language's first.

// The events area's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventList } from '@/api-types/EventList';
import { freshness, limits } from '@/config/site';
import { activeLocale, t } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { apiRequest } from '@/lib/api-client';

/** The texts in the page's language. */
export const eventsTexts = {
  get listFailed() {
    return t('events.failure.list');
  },
  /** What the page shows when the list cannot be read (spec §8). */
  get pageFailed() {
    return t('events.failure.page');
  },
};

/** The list's filters: null for All, `search` null when the trimmed text is empty. */
export interface EventListParams {
  page: number;
  search: string | null;
  status: string | null;
  category: string | null;
  /** The page's language: its events first. */
  lang: Locale;
}

/** Builds the params from what the page holds: search trimmed, All left out. */
export function eventListParams(
  page: number,
  search: string,
  status: string,
  category: string,
  lang: Locale = activeLocale(),
): EventListParams {
  const trimmed = search.trim();
  return {
    page,
    search: trimmed === '' ? null : trimmed,
    status: status === 'All' ? null : status,
    category: category === 'All' ? null : category,
    lang,
  };
}

export const eventsQueryKey = (params: EventListParams) => ['events', params] as const;

/** The list's address; the first page's is also preloaded by /events' served HTML (`app/route-data.json`). */
export function eventListPath(params: EventListParams): string {
  const query = new URLSearchParams({ page: String(params.page), limit: String(limits.contentPageSize) });
  if (params.search) query.set('search', params.search);
  if (params.status) query.set('status', params.status);
  if (params.category) query.set('category', params.category);
  query.set('lang', params.lang);
  return `/api/events?${query}`;
}

export function listEvents(params: EventListParams, signal?: AbortSignal): Promise<EventList> {
  return apiRequest<EventList>(eventListPath(params), { signal, describe: () => eventsTexts.listFailed });
}

export const eventsQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: eventsQueryKey(params),
    queryFn: ({ signal }) => listEvents(params, signal),
    ...freshness.list,
  });

/** The page of events; the previous page stays on screen while the next one loads. */
export function useEvents(params: EventListParams) {
  return useQuery({ ...eventsQueryOptions(params), placeholderData: keepPreviousData });
}

// GET /api/admin/waitlist?interest=&page= — waitlist entries, newest first; the
// same filter exports as CSV from /api/admin/waitlist.csv.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistInterest } from '@/api-types/WaitlistInterest';
import type { WaitlistPage } from '@/api-types/WaitlistPage';
import { apiRequest } from '@/lib/api-client';

export type WaitlistInterestFilter = 'all' | WaitlistInterest;

export interface WaitlistFilters {
  interest: WaitlistInterestFilter;
  page: number;
}

export const waitlistListsKey = ['admin', 'waitlist', 'list'] as const;
export const waitlistQueryKey = (filters: WaitlistFilters) => [...waitlistListsKey, filters] as const;

/** The interest filter as a query parameter (left out for All). */
function interestQuery(interest: WaitlistInterestFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (interest !== 'all') query.set('interest', interest);
  return query;
}

/** Where the CSV export of the filtered entries downloads from. */
export function waitlistCsvHref(interest: WaitlistInterestFilter): string {
  const query = interestQuery(interest).toString();
  return query ? `/api/admin/waitlist.csv?${query}` : '/api/admin/waitlist.csv';
}

export function listWaitlist(filters: WaitlistFilters, signal?: AbortSignal): Promise<WaitlistPage> {
  const query = interestQuery(filters.interest);
  query.set('page', String(filters.page));
  return apiRequest<WaitlistPage>(`/api/admin/waitlist?${query.toString()}`, { signal });
}

export const waitlistQueryOptions = (filters: WaitlistFilters) =>
  queryOptions({
    queryKey: waitlistQueryKey(filters),
    queryFn: ({ signal }) => listWaitlist(filters, signal),
  });

export function useWaitlist(filters: WaitlistFilters) {
  return useQuery({ ...waitlistQueryOptions(filters), placeholderData: keepPreviousData });
}

// GET /api/admin/analytics?from&to — page views, chats, registrations and
// contact requests per day, between two Nairobi days.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsReport } from '@/api-types/AnalyticsReport';
import { apiRequest } from '@/lib/api-client';

/** Two Nairobi days as YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export const analyticsKey = ['analytics'] as const;

export function getAnalyticsReport(range: DayRange, signal?: AbortSignal): Promise<AnalyticsReport> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return apiRequest<AnalyticsReport>(`/api/admin/analytics?${query}`, { signal });
}

export const analyticsReportQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: [...analyticsKey, range],
    queryFn: ({ signal }) => getAnalyticsReport(range, signal),
    // Views arrive all the time: a range read a minute ago is read again.
    staleTime: 60_000,
  });

export function useAnalyticsReport(range: DayRange) {
  return useQuery({
    ...analyticsReportQueryOptions(range),
    // The previous range stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

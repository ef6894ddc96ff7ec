// GET /api/admin/overview — what waits for a person: chats, requests, registrations, dead letters.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@/api-types/AdminOverview';
import { apiRequest } from '@/lib/api-client';

export const overviewQueryKey = ['admin', 'overview'] as const;

export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return apiRequest<AdminOverview>('/api/admin/overview', { signal });
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewQueryKey,
    queryFn: ({ signal }) => getOverview(signal),
    // Counts move while the page is open.
    refetchInterval: 30_000,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}

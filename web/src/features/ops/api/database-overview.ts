// GET /api/admin/database — migrations, tables, streams and dead letters.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DatabaseOverview } from '@/api-types/DatabaseOverview';
import { apiRequest } from '@/lib/api-client';

export const databaseKey = ['database'] as const;

export function getDatabaseOverview(signal?: AbortSignal): Promise<DatabaseOverview> {
  return apiRequest<DatabaseOverview>('/api/admin/database', { signal });
}

export const databaseOverviewQueryOptions = () =>
  queryOptions({
    queryKey: databaseKey,
    queryFn: ({ signal }) => getDatabaseOverview(signal),
    // Counts move all the time: read again on every visit.
    staleTime: 0,
  });

export function useDatabaseOverview() {
  return useQuery(databaseOverviewQueryOptions());
}

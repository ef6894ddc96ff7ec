// GET /api/agent/chats/counts?assigned=&label= — how many chats are in each state.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StateCounts } from '@/api-types/StateCounts';
import { apiRequest } from '@/lib/api-client';
import type { InboxFilters } from './list-agent-chats';

/** Every count query, whatever its filters (for invalidation). */
export const stateCountsKey = ['admin', 'chats', 'counts'] as const;

type CountFilters = Pick<InboxFilters, 'assigned' | 'label'>;

export function getStateCounts(filters: CountFilters, signal?: AbortSignal): Promise<StateCounts> {
  const query = new URLSearchParams({ assigned: filters.assigned });
  if (filters.label) query.set('label', filters.label);
  return apiRequest<StateCounts>(`/api/agent/chats/counts?${query}`, { signal });
}

export const stateCountsQueryOptions = (filters: CountFilters) =>
  queryOptions({
    queryKey: [...stateCountsKey, { assigned: filters.assigned, label: filters.label }],
    queryFn: ({ signal }) => getStateCounts(filters, signal),
    // Counts follow the lists: refreshed with them, and every 30 s.
    refetchInterval: 30_000,
  });

export function useStateCounts(filters: CountFilters) {
  return useQuery(stateCountsQueryOptions(filters));
}

// GET /api/admin/subscriptions — email subscribers per topic: confirmed (the
// ones that count), pending and unsubscribed. Shown beside the waitlist.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriberCounts } from '@/api-types/SubscriberCounts';
import { apiRequest } from '@/lib/api-client';

export const subscriberCountsQueryKey = ['admin', 'subscriptions', 'counts'] as const;

export function getSubscriberCounts(signal?: AbortSignal): Promise<SubscriberCounts> {
  return apiRequest<SubscriberCounts>('/api/admin/subscriptions', { signal });
}

export const subscriberCountsQueryOptions = () =>
  queryOptions({ queryKey: subscriberCountsQueryKey, queryFn: ({ signal }) => getSubscriberCounts(signal) });

export function useSubscriberCounts() {
  return useQuery(subscriberCountsQueryOptions());
}

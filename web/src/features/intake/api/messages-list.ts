// GET /api/admin/messages?search=&status=&page= — the inbox of contact and demo requests.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactRequestList } from '@/api-types/ContactRequestList';
import type { ContactStatus } from '@/api-types/ContactStatus';
import { apiRequest } from '@/lib/api-client';

export type MessageStatusFilter = 'all' | ContactStatus;

export interface MessageFilters {
  search: string;
  status: MessageStatusFilter;
  page: number;
}

/** Every inbox page, whatever its filters (for invalidation). */
export const messageListsKey = ['admin', 'messages', 'list'] as const;
export const messagesQueryKey = (filters: MessageFilters) => [...messageListsKey, filters] as const;

/** The query string: blank search and the All status are left out. */
export function messagesQueryString(filters: MessageFilters): string {
  const query = new URLSearchParams({ page: String(filters.page) });
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.status !== 'all') query.set('status', filters.status);
  return query.toString();
}

export function listMessages(filters: MessageFilters, signal?: AbortSignal): Promise<ContactRequestList> {
  return apiRequest<ContactRequestList>(`/api/admin/messages?${messagesQueryString(filters)}`, { signal });
}

export const messagesQueryOptions = (filters: MessageFilters) =>
  queryOptions({
    queryKey: messagesQueryKey(filters),
    queryFn: ({ signal }) => listMessages(filters, signal),
  });

export function useMessages(filters: MessageFilters) {
  // Keep showing the previous page's rows while the next ones load.
  return useQuery({ ...messagesQueryOptions(filters), placeholderData: keepPreviousData });
}

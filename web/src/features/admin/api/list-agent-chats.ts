// GET /api/agent/chats?status=&assigned= — the agent console's inbox.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { apiRequest } from '@/lib/api-client';

export type InboxStatusFilter = 'all' | 'open' | 'pending' | 'resolved';
export type InboxAssignedFilter = 'all' | 'me' | 'unassigned';

export interface InboxFilters {
  status: InboxStatusFilter;
  assigned: InboxAssignedFilter;
  /** Only chats with this label (none: every chat). */
  label?: string;
}

/** Every inbox list, whatever its filters (for invalidation). */
export const agentChatListsKey = ['admin', 'chats', 'list'] as const;
export const agentChatsQueryKey = (filters: InboxFilters) => [...agentChatListsKey, filters] as const;

export function listAgentChats(filters: InboxFilters, signal?: AbortSignal): Promise<ChatSummary[]> {
  const query = new URLSearchParams({ status: filters.status, assigned: filters.assigned });
  if (filters.label) query.set('label', filters.label);
  return apiRequest<ChatSummary[]>(`/api/agent/chats?${query}`, { signal });
}

export const agentChatsQueryOptions = (filters: InboxFilters) =>
  queryOptions({
    queryKey: agentChatsQueryKey(filters),
    queryFn: ({ signal }) => listAgentChats(filters, signal),
  });

export function useAgentChats(filters: InboxFilters) {
  // Keep showing the previous filter's rows while the next ones load.
  return useQuery({ ...agentChatsQueryOptions(filters), placeholderData: keepPreviousData });
}

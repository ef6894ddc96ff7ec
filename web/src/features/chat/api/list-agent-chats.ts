// GET /api/agent/chats?status=&assigned=&label=&team= — the agent console's inbox.

import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSummary } from '@/api-types/ChatSummary';
import type { Team } from '@/api-types/Team';
import { apiRequest } from '@/lib/api-client';
import { matchesTeamFilter, teamsKey, teamsOf } from '../lib/team-routing';

/** A state, every chat, or `unanswered`: open and the visitor spoke last. */
export type InboxStatusFilter = 'all' | 'open' | 'pending' | 'snoozed' | 'resolved' | 'unanswered';
export type InboxAssignedFilter = 'all' | 'me' | 'unassigned';

export interface InboxFilters {
  status: InboxStatusFilter;
  assigned: InboxAssignedFilter;
  /** Only chats with this label (none: every chat). */
  label?: string;
  /** Only chats of this team (its id), of my teams (`mine`) or without one (`none`). */
  team?: string;
}

/** Every inbox list, whatever its filters (for invalidation). */
export const agentChatListsKey = ['admin', 'chats', 'list'] as const;
export const agentChatsQueryKey = (filters: InboxFilters) => [...agentChatListsKey, filters] as const;

export function listAgentChats(filters: InboxFilters, signal?: AbortSignal): Promise<ChatSummary[]> {
  const query = new URLSearchParams({ status: filters.status, assigned: filters.assigned });
  if (filters.label) query.set('label', filters.label);
  if (filters.team) query.set('team', filters.team);
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

/** Whether `chat` belongs in the inbox list of `filters` (as the server filters). */
export function matchesInboxFilters(
  chat: ChatSummary,
  filters: InboxFilters,
  me: string | undefined,
  myTeams: readonly string[] = [],
): boolean {
  const status =
    filters.status === 'all' ||
    (filters.status === 'unanswered' && chat.awaitingReply) ||
    filters.status === chat.state;
  const assigned =
    filters.assigned === 'all' ||
    (filters.assigned === 'me' && me !== undefined && chat.assignedAgentId === me) ||
    (filters.assigned === 'unassigned' && chat.assignedAgentId === null);
  const label = !filters.label || chat.labels.includes(filters.label);
  return status && assigned && label && matchesTeamFilter(chat, filters.team, myTeams);
}

/** Most rows an inbox list holds (the server's limit). */
const inboxLimit = 500;

/**
 * Puts fresh summaries of some chats into every cached inbox list instead of
 * refetching the lists: each chat is replaced, added, or dropped as it now
 * matches that list's filters; the list stays newest activity first.
 */
export function applyInboxSummaries(queryClient: QueryClient, summaries: ChatSummary[], me: string | undefined) {
  if (summaries.length === 0) return;
  const fresh = new Map(summaries.map((chat) => [chat.sessionId, chat]));
  const myTeams = teamsOf(queryClient.getQueryData<Team[]>(teamsKey), me);
  for (const [key, list] of queryClient.getQueriesData<ChatSummary[]>({ queryKey: agentChatListsKey })) {
    if (!list) continue;
    const filters = key[key.length - 1] as InboxFilters;
    const kept = list.filter((chat) => !fresh.has(chat.sessionId));
    const added = summaries.filter((chat) => matchesInboxFilters(chat, filters, me, myTeams));
    const next = [...kept, ...added]
      .sort((a, b) => Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt))
      .slice(0, inboxLimit);
    queryClient.setQueryData(key, next);
  }
}


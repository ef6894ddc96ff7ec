// Teams and routing rules: every agent lists the teams (GET /api/agent/teams:
// the inbox's Team filter, "Transfer to"); admins change them
// (/api/admin/teams, /api/admin/routing-rules).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoutingRule } from '@/api-types/RoutingRule';
import type { RoutingRuleBody } from '@/api-types/RoutingRuleBody';
import type { Team } from '@/api-types/Team';
import type { TeamBody } from '@/api-types/TeamBody';
import { apiRequest } from '@/lib/api-client';
import { teamsKey } from '../lib/team-routing';
import { agentChatListsKey } from './list-agent-chats';

export { teamsKey };
export const routingRulesKey = ['admin', 'routing-rules'] as const;

export function useTeams() {
  return useQuery({
    queryKey: teamsKey,
    queryFn: ({ signal }) => apiRequest<Team[]>('/api/agent/teams', { signal }),
  });
}

export function useRoutingRules() {
  return useQuery({
    queryKey: routingRulesKey,
    queryFn: ({ signal }) => apiRequest<RoutingRule[]>('/api/admin/routing-rules', { signal }),
  });
}

/** Every team write refreshes the teams, the rules (a deleted team takes its own) and the inbox lists. */
function useTeamsMutation<T>(mutationFn: (variables: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKey }),
        queryClient.invalidateQueries({ queryKey: routingRulesKey }),
        queryClient.invalidateQueries({ queryKey: agentChatListsKey }),
      ]),
  });
}

const teamPath = (id: string) => `/api/admin/teams/${encodeURIComponent(id)}`;
const rulePath = (id: string) => `/api/admin/routing-rules/${encodeURIComponent(id)}`;

export const useCreateTeam = () =>
  useTeamsMutation((body: TeamBody) => apiRequest<Team>('/api/admin/teams', { method: 'POST', body }));

export const useUpdateTeam = () =>
  useTeamsMutation(({ id, body }: { id: string; body: TeamBody }) => apiRequest<Team>(teamPath(id), { method: 'PUT', body }));

export const useDeleteTeam = () => useTeamsMutation((id: string) => apiRequest<void>(teamPath(id), { method: 'DELETE' }));

export const useSetTeamMembers = () =>
  useTeamsMutation(({ id, agentIds }: { id: string; agentIds: string[] }) =>
    apiRequest<Team>(`${teamPath(id)}/members`, { method: 'PUT', body: { agentIds } }),
  );

export const useCreateRule = () =>
  useTeamsMutation((body: RoutingRuleBody) => apiRequest<RoutingRule>('/api/admin/routing-rules', { method: 'POST', body }));

export const useDeleteRule = () => useTeamsMutation((id: string) => apiRequest<void>(rulePath(id), { method: 'DELETE' }));

export const useReorderRules = () =>
  useTeamsMutation((ids: string[]) =>
    apiRequest<RoutingRule[]>('/api/admin/routing-rules/order', { method: 'PUT', body: { ids } }),
  );

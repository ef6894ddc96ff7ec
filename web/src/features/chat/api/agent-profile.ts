// GET/PUT /api/agent/profile — the signed-in agent's display name and alert
// preferences (sound, which events sound, desktop notifications per event).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentProfile } from '@/api-types/AgentProfile';
import type { AgentProfileInput } from '@/api-types/AgentProfileInput';
import { apiRequest } from '@/lib/api-client';
import { agentTeamKey } from './agent-availability';
import { agentChatListsKey } from './list-agent-chats';

export const agentProfileKey = ['admin', 'agent-profile'] as const;

export const agentProfileQueryOptions = () =>
  queryOptions({
    queryKey: agentProfileKey,
    queryFn: ({ signal }) => apiRequest<AgentProfile>('/api/agent/profile', { signal }),
    // Changed only from this console (and saved through the mutation below).
    staleTime: 5 * 60_000,
  });

export function useAgentProfile() {
  return useQuery(agentProfileQueryOptions());
}

export function saveAgentProfile(body: AgentProfileInput): Promise<AgentProfile> {
  return apiRequest<AgentProfile>('/api/agent/profile', { method: 'PUT', body });
}

export function useSaveAgentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...agentProfileKey, 'save'],
    mutationFn: saveAgentProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(agentProfileKey, profile);
      // The team list and the inbox show agents under their display names.
      void queryClient.invalidateQueries({ queryKey: agentTeamKey });
      void queryClient.invalidateQueries({ queryKey: agentChatListsKey });
    },
  });
}

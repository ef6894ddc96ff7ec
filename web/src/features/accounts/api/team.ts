// The support team on /admin/agents (admins only):
// GET /api/admin/agents, POST /api/admin/agents, PATCH /api/admin/agents/{id}.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamInvite } from '@/api-types/TeamInvite';
import type { TeamMember } from '@/api-types/TeamMember';
import type { TeamMemberPatch } from '@/api-types/TeamMemberPatch';
import { apiRequest } from '@/lib/api-client';

export const teamQueryKey = ['admin', 'agents'] as const;

export function listTeam(signal?: AbortSignal): Promise<TeamMember[]> {
  return apiRequest<TeamMember[]>('/api/admin/agents', { signal });
}

export const teamQueryOptions = () => queryOptions({ queryKey: teamQueryKey, queryFn: ({ signal }) => listTeam(signal) });

export function useTeam() {
  return useQuery(teamQueryOptions());
}

export function inviteMember(invite: TeamInvite): Promise<TeamMember> {
  return apiRequest<TeamMember>('/api/admin/agents', { method: 'POST', body: invite });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamQueryKey, 'invite'],
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

export function updateMember({ id, patch }: { id: string; patch: TeamMemberPatch }): Promise<TeamMember> {
  return apiRequest<TeamMember>(`/api/admin/agents/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamQueryKey, 'update'],
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

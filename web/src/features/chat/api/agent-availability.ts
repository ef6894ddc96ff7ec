// The console's team side: the agent's own status (GET/PUT /api/agent/status),
// who is on the team (GET /api/agent/team), private notes
// (GET/POST /api/agent/chats/{id}/notes) and transfers
// (POST /api/agent/chats/{id}/transfer).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentStatus } from '@/api-types/AgentStatus';
import type { AgentStatusBody } from '@/api-types/AgentStatusBody';
import type { ChatNote } from '@/api-types/ChatNote';
import type { ChatSummary } from '@/api-types/ChatSummary';
import type { SearchHit } from '@/api-types/SearchHit';
import type { TeamAvailability } from '@/api-types/TeamAvailability';
import type { TransferBody } from '@/api-types/TransferBody';
import { apiRequest } from '@/lib/api-client';
import { toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { storeAgentChat } from './get-agent-chat';

export const agentStatusKey = ['admin', 'agent-status'] as const;
export const agentTeamKey = ['admin', 'agent-team'] as const;
export const chatNotesKey = (sessionId: string) => ['admin', 'chats', 'notes', sessionId] as const;

export const agentStatusLabels: Record<AgentStatus, string> = {
  online: 'Online',
  busy: 'Busy',
  away: 'Away',
};

export function useAgentStatus() {
  return useQuery({
    queryKey: agentStatusKey,
    queryFn: ({ signal }) => apiRequest<AgentStatusBody>('/api/agent/status', { signal }),
  });
}

export function useSetAgentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...agentStatusKey, 'set'],
    mutationFn: (status: AgentStatus) =>
      apiRequest<AgentStatusBody>('/api/agent/status', { method: 'PUT', body: { status } satisfies AgentStatusBody }),
    onSuccess: (body) => {
      queryClient.setQueryData(agentStatusKey, body);
      void queryClient.invalidateQueries({ queryKey: agentTeamKey });
    },
    onError: (error) => toast({ title: toastTitles.chatError, description: error.message, variant: 'destructive' }),
  });
}

export function useAgentTeam() {
  return useQuery({
    queryKey: agentTeamKey,
    queryFn: ({ signal }) => apiRequest<TeamAvailability[]>('/api/agent/team', { signal }),
  });
}

export function useChatNotes(sessionId: string) {
  return useQuery({
    queryKey: chatNotesKey(sessionId),
    queryFn: ({ signal }) =>
      apiRequest<ChatNote[]>(`/api/agent/chats/${encodeURIComponent(sessionId)}/notes`, { signal }),
  });
}

export function useAddChatNote(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...chatNotesKey(sessionId), 'add'],
    mutationFn: (message: string) =>
      apiRequest<ChatNote>(`/api/agent/chats/${encodeURIComponent(sessionId)}/notes`, {
        method: 'POST',
        body: { message },
      }),
    onSuccess: (note) =>
      queryClient.setQueryData<ChatNote[]>(chatNotesKey(sessionId), (notes) =>
        notes?.some((n) => n.id === note.id) ? notes : [...(notes ?? []), note],
      ),
  });
}

export function useTransferAgentChat(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'transfer', sessionId],
    mutationFn: (body: TransferBody) =>
      apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/transfer`, {
        method: 'POST',
        body,
      }),
    onSuccess: async (summary) => {
      await storeAgentChat(queryClient, summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatNotesKey(sessionId) }),
        queryClient.invalidateQueries({ queryKey: agentTeamKey }),
      ]);
    },
  });
}

export const labelsInUseKey = ['admin', 'labels'] as const;

/** Labels in use on any chat, most used first. */
export function useLabelsInUse() {
  return useQuery({
    queryKey: labelsInUseKey,
    queryFn: ({ signal }) => apiRequest<string[]>('/api/agent/labels', { signal }),
  });
}

export function useSetChatLabels(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'labels', sessionId],
    mutationFn: (labels: string[]) =>
      apiRequest<ChatSummary>(`/api/agent/chats/${encodeURIComponent(sessionId)}/labels`, {
        method: 'PUT',
        body: { labels },
      }),
    onSuccess: async (summary) => {
      await storeAgentChat(queryClient, summary);
      await queryClient.invalidateQueries({ queryKey: labelsInUseKey });
    },
  });
}

/** Searches every conversation; runs for 2 characters or more. */
export function useChatSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['admin', 'search', q],
    queryFn: ({ signal }) => apiRequest<SearchHit[]>(`/api/agent/search?${new URLSearchParams({ q })}`, { signal }),
    enabled: q.length >= 2,
  });
}

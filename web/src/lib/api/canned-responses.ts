// GET /api/agent/canned-responses (every agent) and, for admins,
// POST /api/agent/canned-responses, PUT and DELETE /api/agent/canned-responses/{id}.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CannedResponse } from '@/api-types/CannedResponse';
import type { CannedResponseInput } from '@/api-types/CannedResponseInput';
import { apiRequest } from '@/lib/api-client';

export const cannedResponsesQueryKey = ['admin', 'canned-responses'] as const;

export function listCannedResponses(signal?: AbortSignal): Promise<CannedResponse[]> {
  return apiRequest<CannedResponse[]>('/api/agent/canned-responses', { signal });
}

export const cannedResponsesQueryOptions = () =>
  queryOptions({
    queryKey: cannedResponsesQueryKey,
    queryFn: ({ signal }) => listCannedResponses(signal),
    // The library changes rarely; the picker must not refetch on every keystroke.
    staleTime: 60_000,
  });

export function useCannedResponses() {
  return useQuery(cannedResponsesQueryOptions());
}

export function saveCannedResponse({ id, input }: { id?: string; input: CannedResponseInput }): Promise<CannedResponse> {
  return id
    ? apiRequest<CannedResponse>(`/api/agent/canned-responses/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : apiRequest<CannedResponse>('/api/agent/canned-responses', { method: 'POST', body: input });
}

export function useSaveCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cannedResponsesQueryKey, 'save'],
    mutationFn: saveCannedResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedResponsesQueryKey }),
  });
}

export function deleteCannedResponse(id: string): Promise<void> {
  return apiRequest<void>(`/api/agent/canned-responses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cannedResponsesQueryKey, 'delete'],
    mutationFn: deleteCannedResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedResponsesQueryKey }),
  });
}

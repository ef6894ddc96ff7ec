// GET /api/admin/privacy-requests — the confirmed data subject requests with
// their due dates; POST …/{id}/acknowledge | respond | complex | fulfil — the
// steps staff take, each audited by the server.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacyCorrection } from '@/api-types/PrivacyCorrection';
import type { PrivacyRequestList } from '@/api-types/PrivacyRequestList';
import type { PrivacyRequestSummary } from '@/api-types/PrivacyRequestSummary';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';

export const privacyRequestsQueryKey = ['admin', 'privacy-requests'] as const;

export function getPrivacyRequests(signal?: AbortSignal): Promise<PrivacyRequestList> {
  return apiRequest<PrivacyRequestList>('/api/admin/privacy-requests', { signal });
}

export const privacyRequestsQueryOptions = () =>
  queryOptions({ queryKey: privacyRequestsQueryKey, queryFn: ({ signal }) => getPrivacyRequests(signal) });

export function usePrivacyRequests() {
  return useQuery(privacyRequestsQueryOptions());
}

export type PrivacyAction =
  | { id: string; step: 'acknowledge' | 'respond' }
  | { id: string; step: 'complex'; complex: boolean }
  | { id: string; step: 'fulfil'; correction?: PrivacyCorrection };

export function takePrivacyStep(action: PrivacyAction): Promise<PrivacyRequestSummary> {
  const path = `/api/admin/privacy-requests/${encodeURIComponent(action.id)}/${action.step}`;
  switch (action.step) {
    case 'complex':
      return apiRequest<PrivacyRequestSummary>(path, { method: 'POST', body: { complex: action.complex } });
    case 'fulfil':
      return apiRequest<PrivacyRequestSummary>(path, { method: 'POST', body: action.correction ?? {} });
    default:
      return apiRequest<PrivacyRequestSummary>(path, { method: 'POST' });
  }
}

export function usePrivacyStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'privacy-requests', 'step'],
    mutationFn: takePrivacyStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyRequestsQueryKey }),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
}

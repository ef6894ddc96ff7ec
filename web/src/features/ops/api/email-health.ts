// GET /api/admin/email-health — whether outgoing email is off, working or
// failing, with the last success and the last error (admins only).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailHealth } from '@/api-types/EmailHealth';
import { apiRequest } from '@/lib/api-client';

export const emailHealthQueryKey = ['admin', 'email-health'] as const;

export const emailHealthQueryOptions = () =>
  queryOptions({
    queryKey: emailHealthQueryKey,
    queryFn: ({ signal }) => apiRequest<EmailHealth>('/api/admin/email-health', { signal }),
    // A failing server may recover (or fail) while the admin works.
    refetchInterval: 60_000,
  });

export function useEmailHealth(enabled = true) {
  return useQuery({ ...emailHealthQueryOptions(), enabled });
}

// GET /api/email-status — whether the site sends email at all, so that a
// public text never promises an email that will not be sent (the chat
// widget's transcript line, for one). Read once per visit.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailStatus } from '@/api-types/EmailStatus';
import { apiRequest } from '@/lib/api-client';

export const emailStatusQueryKey = ['site', 'email-status'] as const;

export function getEmailStatus(signal?: AbortSignal): Promise<EmailStatus> {
  return apiRequest<EmailStatus>('/api/email-status', { signal });
}

export const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: emailStatusQueryKey,
    queryFn: ({ signal }) => getEmailStatus(signal),
  });

/**
 * `true` when email is sent, `false` when it is off, `undefined` while
 * unknown (loading or failed): promise an email only on `true`.
 */
export function useEmailEnabled(): boolean | undefined {
  return useQuery(emailStatusQueryOptions()).data?.emailEnabled;
}

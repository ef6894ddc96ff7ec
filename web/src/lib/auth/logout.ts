// POST /api/logout.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, RequestError } from '@/lib/api-client';
import { t } from '@/i18n/i18n';
import { logoutFailureMessage, messages } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { userQueryKey } from './get-user';

export function logout(): Promise<{ message: string } | undefined> {
  return apiRequest('/api/logout', { method: 'POST', describe: logoutFailureMessage });
}

/** Logs out; on a network failure the local session is cleared anyway (spec §4). */
export function useLogout(options: { onLoggedOut?: () => void } = {}) {
  const queryClient = useQueryClient();
  const signedOut = () => {
    // Leave the page first: a signed-in-only page would otherwise redirect to /login
    // as soon as the user disappears.
    options.onLoggedOut?.();
    queryClient.setQueryData(userQueryKey, null);
    // In the page's language: the header (the frame) says it, on every page.
    toast({ title: t('header.toast.loggedOut'), description: t('header.toast.loggedOutText') });
  };
  return useMutation({
    mutationFn: logout,
    onSuccess: signedOut,
    onError: (error) => {
      if (error instanceof RequestError && error.failure.kind !== 'http') {
        signedOut();
        return;
      }
      toast({
        title: t('header.toast.logoutFailed'),
        description: error.message === messages.logoutServer ? t('header.toast.logoutServer') : error.message,
        variant: 'destructive',
      });
    },
  });
}

// POST /api/logout.

import { useState } from 'react';
import { apiRequest, RequestError } from '@/lib/api-client';
import { t } from '@/i18n/i18n';
import { logoutFailureMessage, messages } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { setUser } from './get-user';

export function logout(): Promise<{ message: string } | undefined> {
  return apiRequest('/api/logout', { method: 'POST', describe: logoutFailureMessage });
}

/**
 * Logs out; on a network failure the local session is cleared anyway (spec §4).
 * A plain hook, not a mutation: the header has it on every page, and the
 * query library loads only with the pages that need it.
 */
export function useLogout(options: { onLoggedOut?: () => void } = {}) {
  const [isPending, setPending] = useState(false);
  const signedOut = () => {
    // Leave the page first: a signed-in-only page would otherwise redirect to /login
    // as soon as the user disappears.
    options.onLoggedOut?.();
    setUser(null);
    // In the page's language: the header (the frame) says it, on every page.
    toast({ title: t('header.toast.loggedOut'), description: t('header.toast.loggedOutText') });
  };
  const failed = (error: unknown) => {
    if (error instanceof RequestError && error.failure.kind !== 'http') {
      signedOut();
      return;
    }
    const message = error instanceof Error ? error.message : '';
    toast({
      title: t('header.toast.logoutFailed'),
      description: message === messages.logoutServer ? t('header.toast.logoutServer') : message,
      variant: 'destructive',
    });
  };
  const mutate = () => {
    setPending(true);
    logout()
      .then(signedOut, failed)
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}

// POST /api/register.

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RegisterRequest, User } from '@/lib/api-types';
import { setUser } from '@/lib/auth/get-user';
import { registrationFailureMessage, welcomeName } from '@/lib/error-catalogue';
import { activeLocale, t } from '@/i18n/i18n';
import { problemText } from '../lib/account-texts';
import { toast } from '@/lib/toast-store';

/** Blocked (no request) when the browser is offline. Sends the page's
 * language: the welcome email is written in it. */
export function register(body: RegisterRequest): Promise<User> {
  return apiRequest<User>('/api/register', {
    method: 'POST',
    body: { ...body, language: activeLocale() },
    describe: registrationFailureMessage,
    blockWhenOffline: true,
  });
}

export function useRegister(options: { onSuccess?: (user: User) => void } = {}) {
  return useMutation({
    mutationKey: ['auth', 'register'],
    mutationFn: register,
    onSuccess: (user) => {
      setUser(user);
      toast({
        title: t('account.toast.registrationSuccessful'),
        description: t('account.toast.welcome', { name: welcomeName(user) }),
      });
      options.onSuccess?.(user);
    },
    onError: (error) => {
      toast({ title: t('account.toast.registrationFailed'), description: problemText(error.message), variant: 'destructive' });
    },
  });
}

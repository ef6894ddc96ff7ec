// POST /api/login.

import { useMutation } from '@tanstack/react-query';
import type { SecondFactorChallenge } from '@/api-types/SecondFactorChallenge';
import { apiRequest } from '@/lib/api-client';
import type { LoginRequest, User } from '@/lib/api-types';
import { setUser } from '@/lib/auth/get-user';
import { loginFailureMessage, welcomeName } from '@/lib/error-catalogue';
import { t } from '@/i18n/i18n';
import { problemText } from '../lib/account-texts';
import { toast } from '@/lib/toast-store';

export type { SecondFactorChallenge };

/** What a right password gets: the user, or (202) a request for the second factor. */
export type LoginResult = User | SecondFactorChallenge;

export function isSecondFactorChallenge(result: LoginResult | undefined): result is SecondFactorChallenge {
  return result !== undefined && 'secondFactorRequired' in result && result.secondFactorRequired;
}

/** Blocked (no request) when the browser is offline. */
export function login(body: LoginRequest): Promise<LoginResult> {
  return apiRequest<LoginResult>('/api/login', {
    method: 'POST',
    body,
    describe: loginFailureMessage,
    blockWhenOffline: true,
  });
}

/** Signs in; `onSuccess` runs once the user is signed in (after the second factor, if any). */
export function useLogin(options: { onSuccess?: (user: User) => void } = {}) {
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: login,
    onSuccess: (result) => {
      // The second step (login-form's SecondFactorStep) finishes the sign-in.
      if (isSecondFactorChallenge(result)) return;
      signedIn(result, options.onSuccess);
    },
    onError: (error) => {
      toast({ title: t('account.toast.loginFailed'), description: problemText(error.message), variant: 'destructive' });
    },
  });
}

/** What every completed sign-in does: the user is known, welcomed, and sent on. */
export function signedIn(user: User, onSuccess?: (user: User) => void) {
  setUser(user);
  toast({ title: t('account.toast.loginSuccessful'), description: t('account.toast.welcomeBack', { name: welcomeName(user) }) });
  onSuccess?.(user);
}

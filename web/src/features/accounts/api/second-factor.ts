// /api/account/second-factor/* (the account security page) and
// POST /api/login/second-factor (the sign-in step after the password).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '@/api-types/RecoveryCodes';
import type { SecondFactorStatus } from '@/api-types/SecondFactorStatus';
import type { TotpSetup } from '@/api-types/TotpSetup';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { reloadUser, setUser } from '@/lib/auth/get-user';
import { loginFailureMessage } from '@/lib/error-catalogue';

export type { RecoveryCodes, SecondFactorStatus, TotpSetup };

export const secondFactorQueryKey = ['auth', 'second-factor'] as const;

export const secondFactorQueryOptions = () =>
  queryOptions({
    queryKey: secondFactorQueryKey,
    queryFn: () => apiRequest<SecondFactorStatus>('/api/account/second-factor'),
  });

/** Whether the account has a second factor: an authenticator app or a passkey. */
export function hasSecondFactor(status: Pick<SecondFactorStatus, 'totp' | 'passkeys'>): boolean {
  return status.totp || status.passkeys.length > 0;
}

/** The signed-in account's second factors (pass `enabled: false` while signed out). */
export function useSecondFactorStatus(enabled = true) {
  return useQuery({ ...secondFactorQueryOptions(), enabled });
}

/** The server's words for a refused code or a limit, else a generic failure. */
const describe = loginFailureMessage;

export function useStartTotp() {
  return useMutation({
    mutationKey: ['auth', 'second-factor', 'start'],
    mutationFn: () => apiRequest<TotpSetup>('/api/account/second-factor/totp', { method: 'POST', body: {}, describe }),
  });
}

/** Enrolling or removing ends the other sessions and rotates this one: the user is read again. */
function useFactorChange<T>(path: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'second-factor', key],
    mutationFn: (code: string) => apiRequest<T>(path, { method: 'POST', body: { code }, describe, blockWhenOffline: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: secondFactorQueryKey });
      void reloadUser();
    },
  });
}

export function useConfirmTotp() {
  return useFactorChange<RecoveryCodes>('/api/account/second-factor/totp/confirm', 'confirm');
}

export function useRemoveTotp() {
  return useFactorChange<SecondFactorStatus>('/api/account/second-factor/totp/remove', 'remove');
}

/** Finishes a sign-in with a code from the app or a recovery code. */
export function useSecondFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login', 'second-factor'],
    mutationFn: (code: string) =>
      apiRequest<User>('/api/login/second-factor', {
        method: 'POST',
        body: { code },
        describe,
        blockWhenOffline: true,
      }),
    onSuccess: (user) => {
      setUser(user);
      void queryClient.invalidateQueries({ queryKey: secondFactorQueryKey });
    },
  });
}

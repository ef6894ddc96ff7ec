// POST /api/login.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LoginRequest, User } from '@/lib/api-types';
import { userQueryKey } from '@/lib/auth/get-user';
import { loginFailureMessage, toastTitles, welcomeBackMessage } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';

/** Blocked (no request) when the browser is offline. */
export function login(body: LoginRequest): Promise<User> {
  return apiRequest<User>('/api/login', {
    method: 'POST',
    body,
    describe: loginFailureMessage,
    blockWhenOffline: true,
  });
}

export function useLogin(options: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: toastTitles.loginSuccessful, description: welcomeBackMessage(user) });
      options.onSuccess?.(user);
    },
    onError: (error) => {
      toast({ title: toastTitles.loginFailed, description: error.message, variant: 'destructive' });
    },
  });
}

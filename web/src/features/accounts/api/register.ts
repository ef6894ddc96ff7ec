// POST /api/register.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RegisterRequest, User } from '@/lib/api-types';
import { userQueryKey } from '@/lib/auth/get-user';
import { registrationFailureMessage, toastTitles, welcomeName } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';

/** Blocked (no request) when the browser is offline. */
export function register(body: RegisterRequest): Promise<User> {
  return apiRequest<User>('/api/register', {
    method: 'POST',
    body,
    describe: registrationFailureMessage,
    blockWhenOffline: true,
  });
}

export function useRegister(options: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'register'],
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({
        title: toastTitles.registrationSuccessful,
        description: `Welcome, ${welcomeName(user)}`,
      });
      options.onSuccess?.(user);
    },
    onError: (error) => {
      toast({ title: toastTitles.registrationFailed, description: error.message, variant: 'destructive' });
    },
  });
}

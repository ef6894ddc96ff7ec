// POST /api/password-reset/confirm: sets a new password with the token of a
// reset link. Every earlier sign-in of the account ends (on the server), so
// the cached user is dropped too.

import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '@/api-types/Accepted';
import type { PasswordResetConfirmInput } from '@/api-types/PasswordResetConfirmInput';
import { apiRequest } from '@/lib/api-client';
import { setUser } from '@/lib/auth/get-user';

export function confirmPasswordReset(body: PasswordResetConfirmInput): Promise<Accepted> {
  return apiRequest<Accepted>('/api/password-reset/confirm', { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'confirm'],
    mutationFn: confirmPasswordReset,
    onSuccess: () => setUser(null),
  });
}

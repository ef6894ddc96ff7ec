// POST /api/password-reset: asks for reset instructions. The server answers
// 202 with the same words for every address (it never says whether an
// account exists); an account gets an email with a single-use link.

import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '@/api-types/Accepted';
import type { PasswordResetInput } from '@/api-types/PasswordResetInput';
import { activeLocale } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';

/** Sends the page's language too: the email and the page its link opens are in it. */
export function requestPasswordReset(body: PasswordResetInput): Promise<Accepted> {
  return apiRequest<Accepted>('/api/password-reset', {
    method: 'POST',
    body: { email: body.email.trim(), language: activeLocale() },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationKey: ['auth', 'password-reset'], mutationFn: requestPasswordReset });
}

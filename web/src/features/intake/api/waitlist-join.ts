// POST /api/waitlist: a visitor joins the waitlist for an interest (registration,
// the GPU cluster's early access). The server answers 202 once the request is
// queued; a worker stores it and confirms it by email.

import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '@/api-types/Accepted';
import type { WaitlistInput } from '@/api-types/WaitlistInput';
import { activeLocale } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { readFailureMessage, type RequestFailure } from '@/lib/error-catalogue';

/** What the waitlist form shows when joining failed for another reason than a refused field. */
export const waitlistTexts = {
  networkFailure: "We couldn't reach the waitlist. Please check your connection and try again.",
} as const;

export function waitlistFailureText(failure: RequestFailure): string {
  return failure.kind === 'network' ? waitlistTexts.networkFailure : readFailureMessage(failure);
}

/** The body as sent: trimmed, an empty name left out, with the page's
 * language (the confirmation email is written in it). */
export function waitlistBody(input: WaitlistInput): WaitlistInput {
  const body: WaitlistInput = { email: input.email.trim(), interest: input.interest, language: activeLocale() };
  const name = input.name?.trim();
  if (name) body.name = name;
  return body;
}

export function joinWaitlist(input: WaitlistInput): Promise<Accepted> {
  return apiRequest<Accepted>('/api/waitlist', {
    method: 'POST',
    body: waitlistBody(input),
    describe: waitlistFailureText,
  });
}

export function useJoinWaitlist() {
  return useMutation({ mutationKey: ['waitlist', 'join'], mutationFn: joinWaitlist });
}

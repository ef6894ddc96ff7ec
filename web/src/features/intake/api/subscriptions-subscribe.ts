// POST /api/subscriptions: the blog's Stay Updated and the events' Stay
// Connected boxes subscribe an address to a topic. The server answers 202
// once the request is queued; a worker emails the confirmation link (double
// opt-in), and only confirmed addresses receive updates.

import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '@/api-types/Accepted';
import type { SubscriptionInput } from '@/api-types/SubscriptionInput';
import { apiRequest } from '@/lib/api-client';
import { readFailureMessage, type RequestFailure } from '@/lib/error-catalogue';

export const subscriptionTexts = {
  /** Shown under the spec's thank-you: nothing arrives before the address is confirmed. */
  confirmHint: 'Check your inbox and confirm your address to start receiving updates.',
  networkFailure: "We couldn't subscribe you right now. Please check your connection and try again.",
} as const;

export function subscriptionFailureText(failure: RequestFailure): string {
  return failure.kind === 'network' ? subscriptionTexts.networkFailure : readFailureMessage(failure);
}

export function subscribe(input: SubscriptionInput): Promise<Accepted> {
  return apiRequest<Accepted>('/api/subscriptions', {
    method: 'POST',
    body: { email: input.email.trim(), topic: input.topic },
    describe: subscriptionFailureText,
  });
}

export function useSubscribe() {
  return useMutation({ mutationKey: ['subscriptions', 'subscribe'], mutationFn: subscribe });
}

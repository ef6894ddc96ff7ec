// POST /api/subscriptions: the blog's Stay Updated and the events' Stay
// Connected boxes subscribe an address to a topic. The server answers 202
// once the request is queued; a worker emails the confirmation link (double
// opt-in), and only confirmed addresses receive updates.

// The boxes' English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/subscribe';
import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '@/api-types/Accepted';
import type { SubscriptionInput } from '@/api-types/SubscriptionInput';
import { activeLocale, t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { readFailureMessage, type RequestFailure } from '@/lib/error-catalogue';

export const subscriptionTexts = {
  /** Shown under the spec's thank-you: nothing arrives before the address is confirmed. */
  get confirmHint() {
    return t('subscribe.confirmHint');
  },
  get networkFailure() {
    return t('subscribe.networkFailure');
  },
};

export function subscriptionFailureText(failure: RequestFailure): string {
  return failure.kind === 'network' ? subscriptionTexts.networkFailure : readFailureMessage(failure);
}

/** Sends the page's language too: the confirmation email is written in it. */
export function subscribe(input: SubscriptionInput): Promise<Accepted> {
  return apiRequest<Accepted>('/api/subscriptions', {
    method: 'POST',
    body: { email: input.email.trim(), topic: input.topic, language: activeLocale() },
    describe: subscriptionFailureText,
  });
}

export function useSubscribe() {
  return useMutation({ mutationKey: ['subscriptions', 'subscribe'], mutationFn: subscribe });
}

// POST /api/subscriptions/confirm | unsubscribe: the button of /subscription
// acts on an emailed link's token. Opening the link only leads to the page
// (a mail scanner that follows it changes nothing); the server answers 200
// with what happened, or 400 when the link is not valid.

// The page's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/subscription';
import { useMutation } from '@tanstack/react-query';
import type { SubscriptionLinkResult } from '@/api-types/SubscriptionLinkResult';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { readFailureMessage, type RequestFailure } from '@/lib/error-catalogue';

export type SubscriptionLinkAction = 'confirm' | 'unsubscribe';

/** What the page says when the button's request failed: no connection in
 * the page's language, else the server's words (in it too: Accept-Language). */
export function subscriptionLinkFailureText(failure: RequestFailure): string {
  if (failure.kind === 'offline') return t('subscription.failure.offline');
  if (failure.kind === 'network') return t('subscription.failure.network');
  return readFailureMessage(failure);
}

export function actOnSubscriptionLink(action: SubscriptionLinkAction, token: string): Promise<SubscriptionLinkResult> {
  return apiRequest<SubscriptionLinkResult>(`/api/subscriptions/${action}`, {
    method: 'POST',
    body: { token },
    describe: subscriptionLinkFailureText,
  });
}

export function useSubscriptionLink() {
  return useMutation({
    mutationKey: ['subscriptions', 'link'],
    mutationFn: ({ action, token }: { action: SubscriptionLinkAction; token: string }) =>
      actOnSubscriptionLink(action, token),
  });
}

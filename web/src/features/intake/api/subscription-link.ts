// POST /api/subscriptions/confirm | unsubscribe: the button of /subscription
// acts on an emailed link's token. Opening the link only leads to the page
// (a mail scanner that follows it changes nothing); the server answers 200
// with what happened, or 400 when the link is not valid.

import { useMutation } from '@tanstack/react-query';
import type { SubscriptionLinkResult } from '@/api-types/SubscriptionLinkResult';
import { apiRequest } from '@/lib/api-client';

export type SubscriptionLinkAction = 'confirm' | 'unsubscribe';

export function actOnSubscriptionLink(action: SubscriptionLinkAction, token: string): Promise<SubscriptionLinkResult> {
  return apiRequest<SubscriptionLinkResult>(`/api/subscriptions/${action}`, { method: 'POST', body: { token } });
}

export function useSubscriptionLink() {
  return useMutation({
    mutationKey: ['subscriptions', 'link'],
    mutationFn: ({ action, token }: { action: SubscriptionLinkAction; token: string }) =>
      actOnSubscriptionLink(action, token),
  });
}

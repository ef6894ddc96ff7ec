// The email subscribe boxes (events Stay Connected, blog Stay Updated): the
// address is checked with the spec's rules before it is subscribed (see
// ../api/subscriptions-subscribe.ts), and the visitor thanked with the spec's text
// (the page's own: blog.subscribe.success, events.subscribe.success).

// The boxes' English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/subscribe';
import { t } from '@/i18n/i18n';

/** The texts in the page's language. */
export const subscribeTexts = {
  get empty() {
    return t('subscribe.empty');
  },
  get invalid() {
    return t('subscribe.invalid');
  },
};

export type SubscribeOutcome = { ok: true } | { ok: false; message: string };

/** Spec §5: empty → Please enter your email address; no @ → Please enter a valid email address. */
export function checkSubscribeEmail(email: string): SubscribeOutcome {
  const value = email.trim();
  if (!value) return { ok: false, message: subscribeTexts.empty };
  if (!value.includes('@')) return { ok: false, message: subscribeTexts.invalid };
  return { ok: true };
}

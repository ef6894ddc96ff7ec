// The email subscribe boxes (events Stay Connected, blog Stay Updated): the
// address is checked with the spec's rules before it is subscribed (see
// ../api/subscriptions-subscribe.ts), and the visitor thanked with the spec's text.

export const subscribeTexts = {
  empty: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  eventsSuccess: "Thank you! You'll receive updates about upcoming Nyota events.",
  blogSuccess: "Thank you! You'll receive updates about new Nyota blog articles.",
} as const;

export type SubscribeOutcome = { ok: true } | { ok: false; message: string };

/** Spec §5: empty → Please enter your email address; no @ → Please enter a valid email address. */
export function checkSubscribeEmail(email: string): SubscribeOutcome {
  const value = email.trim();
  if (!value) return { ok: false, message: subscribeTexts.empty };
  if (!value.includes('@')) return { ok: false, message: subscribeTexts.invalid };
  return { ok: true };
}

/** Site-wide constants: brand names and colours. Contact details and links
 * an admin may change are site settings (`@/lib/site-settings`). */
export const site = {
  brand: 'Nyota',
  company: 'Nyota Cloud',
  slug: 'nyota',
  biProduct: 'Nyota BI',
  eventsSuffix: ' | Nyota Cloud Events',
  brandColor: '#E90076',
  darkThemeColor: '#1f2937',
} as const;

/** Timings and limits from the specification (§9). */
export const limits = {
  cookieBannerDelayMs: 1500,
  scrollToTopDelayMs: 100,
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  passwordResetDelayMs: 1500,
  registerRedirectDelayMs: 2000,
} as const;

/** localStorage keys. */
export const storageKeys = {
  theme: 'theme',
  cookieConsent: 'cookie-consent',
  /** The visitor chat: JSON {sessionId, visitorName, visitorEmail}. */
  chatSession: 'chat-session',
} as const;

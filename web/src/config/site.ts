/** Site-wide constants: the one place for brand names, contact details and links. */
export const site = {
  brand: 'Nyota',
  company: 'Nyota Cloud',
  slug: 'nyota',
  biProduct: 'Nyota BI',
  eventsSuffix: ' | Nyota Cloud Events',
  phone: '+254 700 000 000',
  email: 'info@nyota.example',
  investorEmail: 'investors@nyota.example',
  bookingUrl: 'https://calendar.app.google/nyota-cloud-booking',
  office: 'Nairobi, Kenya',
  hours: 'Mon-Fri 8AM-6PM EAT',
  brandColor: '#E90076',
  darkThemeColor: '#1f2937',
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/nyota-cloud' },
    { label: 'X (Twitter)', href: 'https://x.com/nyotacloud' },
    { label: 'Facebook', href: 'https://www.facebook.com/nyotacloud' },
    { label: 'YouTube', href: 'https://www.youtube.com/@nyotacloud' },
  ],
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

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
  registerRedirectDelayMs: 2000,
  /** Blog and events: posts or events per page. */
  contentPageSize: 12,
  /** The admin tables list every post or event, up to the API's largest page. */
  adminListLimit: 1000,
  popularArticles: 5,
  otherEvents: 4,
  /** How long the Share button shows Copied! after copying the link. */
  copiedIndicatorMs: 2000,
  /** Typing pause before a blog or events search is sent. */
  searchDebounceMs: 300,
} as const;

const minute = 60_000;

/** TanStack Query freshness of the blog and events reads (spec §9). */
export const freshness = {
  /** Blog and events lists: fresh 5 minutes, kept 10 minutes. */
  list: { staleTime: 5 * minute, gcTime: 10 * minute },
  /** Blog categories and event filters (the facets reads): fresh 30 minutes. */
  filters: { staleTime: 30 * minute, gcTime: 30 * minute },
} as const;

/** localStorage keys. */
export const storageKeys = {
  theme: 'theme',
  cookieConsent: 'cookie-consent',
  /** The Privacy Policy version the cookie choice was made under. */
  cookieConsentPolicy: 'cookie-consent-policy',
  /** The visitor chat: JSON {sessionId, visitorName, visitorEmail}. */
  chatSession: 'chat-session',
} as const;

// The site settings' defaults, as data only (the end-to-end tests import
// them too): the same as the contract's `SiteSettings::default()`.

import type { SiteSettings } from '../api-types/SiteSettings';

/** The longest agent idle time, in minutes (contract MAX_AGENT_IDLE_MINUTES). */
export const maxAgentIdleMinutes = 240;

/** What applies to every setting an admin never set. */
export const defaultSiteSettings: SiteSettings = {
  phone: '+254 700 000 000',
  infoEmail: 'info@nyota.example',
  investorEmail: 'investors@nyota.example',
  salesEmail: 'sales@nyota.example',
  supportEmail: 'support@nyota.example',
  office: { building: 'Nyota House, 4th Floor', street: 'Waiyaki Way, Westlands', city: 'Nairobi, Kenya' },
  hours: 'Mon-Fri 8AM-6PM EAT',
  chatHours: { days: [1, 2, 3, 4, 5, 6, 7], opens: '00:00', closes: '00:00' },
  firstReplyAlertMinutes: 2,
  agentIdleMinutes: 10,
  bookingUrl: 'https://calendar.app.google/nyota-cloud-booking',
  enterpriseAgentUrl: 'https://agents.nyota.example',
  eventsSiteUrl: 'https://events.nyota.example',
  heroVideoUrl: 'https://www.youtube-nocookie.com/embed/nyota-cloud-intro?autoplay=1',
  // Example names (no real company's mark): the admin sets the real list.
  partners: [
    'Savanna Fibre',
    'Rift Valley Networks',
    'Kilimanjaro Data',
    'Lakeside Bank',
    'Pwani Logistics',
    'Baobab Health',
    'Msingi Telecom',
    'Jua Energy',
    'Tausi Insurance',
    'Mara Retail Group',
    'Umoja SACCO',
    'Nile Analytics',
    'Sahel Payments',
    'Zuri Media',
  ],
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/nyota-cloud' },
    { label: 'X (Twitter)', href: 'https://x.com/nyotacloud' },
    { label: 'Facebook', href: 'https://www.facebook.com/nyotacloud' },
    { label: 'YouTube', href: 'https://www.youtube.com/@nyotacloud' },
  ],
  chatAttachmentMaxMib: 10,
  staffSignInHours: 12,
  secondFactorRoles: [],
  countPageViews: true,
  retention: {
    resolvedChatsMonths: 24,
    contactRequestsMonths: 24,
    unconfirmedSubscriptionsDays: 30,
    pageVisitorsDays: 90,
    deadLettersDays: 30,
    auditLogMonths: 24,
    cookieConsentsMonths: 24,
    sentEmailsMonths: 24,
    waitlistEntriesMonths: 24,
  },
};


// Site settings: contact details, links and the partner list that an admin
// may change without a deploy. Every page reads them through `useSiteSettings`;
// the defaults below apply until the settings API (admin settings issue)
// serves stored values, at which point only this file changes.

export interface SiteSettings {
  phone: string;
  /** General enquiries (the info mailbox). */
  email: string;
  /** Investment & Portfolio enquiries. */
  investorEmail: string;
  /** Sales (enterprise plans, Contact Sales buttons). */
  salesEmail: string;
  office: { building: string; street: string; city: string };
  hours: string;
  /** The external booking calendar (Book a Call, Schedule a Demo...). */
  bookingUrl: string;
  /** The external enterprise AI agent page (Edge AI: Launch Enterprise Agent). */
  enterpriseAgentUrl: string;
  /** Where event registration goes when an event has no link of its own. */
  eventsSiteUrl: string;
  /** The home page hero video, loaded only when the visitor presses play. */
  heroVideoUrl: string;
  /** Partner names shown as neutral wordmarks in the home page strip. */
  partners: string[];
  social: { label: string; href: string }[];
}

export const defaultSiteSettings: SiteSettings = {
  phone: '+254 700 000 000',
  email: 'info@nyota.example',
  investorEmail: 'investors@nyota.example',
  salesEmail: 'sales@nyota.example',
  office: { building: 'Nyota House, 4th Floor', street: 'Waiyaki Way, Westlands', city: 'Nairobi, Kenya' },
  hours: 'Mon-Fri 8AM-6PM EAT',
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
};

/** The current site settings. */
export function useSiteSettings(): SiteSettings {
  return defaultSiteSettings;
}

/** A `tel:` link for a phone number as displayed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

// Testimonials page content: spec content-and-data-pages.md §2 (stats, the
// featured / other split), §3 (the Testimonial entity and its services) and §9.
// The clients are fictional companies; avatars are our own initials artwork.

import type { Stat } from '@/components/marketing/stats-row';

/** The services a testimonial may be about (spec §3). */
export const testimonialServices = [
  'Bare Metal Servers',
  'Cloud Infrastructure',
  'Edge Computing',
  'Managed Infrastructure',
  'Data Center Solutions',
  'Virtual Servers',
  'Storage Solutions',
] as const;

export type TestimonialService = (typeof testimonialServices)[number];

/** A client testimonial (spec §3). */
export interface Testimonial {
  id: number;
  name: string;
  position: string;
  company: string;
  location: string;
  /** An avatar URL: our own SVG initials (a data: URL), never a photo from another host. */
  image: string;
  /** 1 to 5. */
  rating: 1 | 2 | 3 | 4 | 5;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  testimonial: string;
  service: TestimonialService;
  featured: boolean;
}

/** The headline figures, exactly as the spec lists them. */
export const testimonialStats: readonly Stat[] = [
  { value: '250+', label: 'Satisfied Clients' },
  { value: '99.9%', label: 'Average Uptime' },
  { value: '35+', label: 'African Countries' },
  { value: '24/7', label: 'Expert Support' },
];

/** The initials of a name: "Amina Wanjiru" → "AW". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A round SVG avatar with white initials on `background` (dark enough for contrast), as a data: URL. */
export function initialsAvatar(name: string, background: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${background}"/>` +
    `<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" font-weight="700" fill="#fff">${initials(name)}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function client(t: Omit<Testimonial, 'image'>, background: string): Testimonial {
  return { ...t, image: initialsAvatar(t.name, background) };
}

/** The 8 fixed testimonials. */
export const testimonials: readonly Testimonial[] = [
  client(
    {
      id: 1,
      name: 'Amina Wanjiru',
      position: 'Chief Technology Officer',
      company: 'Mavuno Microfinance',
      location: 'Nairobi, Kenya',
      rating: 5,
      date: '2025-03-18',
      testimonial:
        'We moved our core banking platform onto dedicated bare metal servers and cut end-of-day batch processing from three hours to under forty minutes. ' +
        'Having the hardware in a Tier-3 facility in Kenya also made our conversations with the regulator about data residency much simpler.',
      service: 'Bare Metal Servers',
      featured: true,
    },
    '#b8005d',
  ),
  client(
    {
      id: 2,
      name: 'Chinedu Okafor',
      position: 'Head of Engineering',
      company: 'Swiftline Logistics Lagos',
      location: 'Lagos, Nigeria',
      rating: 5,
      date: '2025-02-04',
      testimonial:
        'Our tracking platform handles thousands of delivery updates a minute. Since moving to their cloud infrastructure we have not had a single peak-season outage, ' +
        'and the support team answers at 2 a.m. as quickly as at 2 p.m.',
      service: 'Cloud Infrastructure',
      featured: true,
    },
    '#1d4ed8',
  ),
  client(
    {
      id: 3,
      name: 'Thandiwe Mokoena',
      position: 'IT Director',
      company: 'Highveld Health Network',
      location: 'Johannesburg, South Africa',
      rating: 5,
      date: '2024-11-22',
      testimonial:
        'Managing patching, backups and monitoring across twelve clinics was eating our small IT team alive. Their managed infrastructure service took that over, ' +
        'and our engineers now spend their time on patient systems instead of servers.',
      service: 'Managed Infrastructure',
      featured: true,
    },
    '#047857',
  ),
  client(
    {
      id: 4,
      name: 'Kwame Asante',
      position: 'Founder & CEO',
      company: 'Adinkra Analytics',
      location: 'Accra, Ghana',
      rating: 5,
      date: '2025-01-15',
      testimonial:
        'We run our computer-vision models close to our retail clients instead of sending every frame overseas. Latency dropped sharply and so did our bandwidth bill.',
      service: 'Edge Computing',
      featured: false,
    },
    '#7c3aed',
  ),
  client(
    {
      id: 5,
      name: 'Grace Uwase',
      position: 'Operations Manager',
      company: 'Kivu Agritech',
      location: 'Kigali, Rwanda',
      rating: 4,
      date: '2024-10-09',
      testimonial:
        'Virtual servers were running within minutes and the monthly pricing is easy to budget for. We would like even more regions in the future, but performance and support have been excellent.',
      service: 'Virtual Servers',
      featured: false,
    },
    '#b45309',
  ),
  client(
    {
      id: 6,
      name: 'Omar Hassan',
      position: 'Infrastructure Lead',
      company: 'Nilecrest Insurance',
      location: 'Cairo, Egypt',
      rating: 5,
      date: '2024-09-27',
      testimonial:
        'We consolidated two ageing server rooms into their data center and now have redundant power, cooling and connectivity we could never have built ourselves.',
      service: 'Data Center Solutions',
      featured: false,
    },
    '#0e7490',
  ),
  client(
    {
      id: 7,
      name: 'Sarah Namutebi',
      position: 'Head of Digital',
      company: 'Kabaka Lane Media',
      location: 'Kampala, Uganda',
      rating: 5,
      date: '2024-12-03',
      testimonial:
        'Our video archive grows by terabytes every month. Their storage is fast, encrypted and costs a fraction of what we paid before, and restores are quick when we need them.',
      service: 'Storage Solutions',
      featured: false,
    },
    '#be123c',
  ),
  client(
    {
      id: 8,
      name: 'Baraka Mushi',
      position: 'Systems Administrator',
      company: 'Kilele Safaris & Travel',
      location: 'Arusha, Tanzania',
      rating: 4,
      date: '2024-08-19',
      testimonial:
        'Our booking site used to slow to a crawl every high season. On their cloud infrastructure it stays fast for visitors across East Africa, and the team helped us plan the migration step by step.',
      service: 'Cloud Infrastructure',
      featured: false,
    },
    '#4d7c0f',
  ),
];

/** Featured Success Stories. */
export const featuredTestimonials = testimonials.filter((t) => t.featured);

/** What Our Clients Say: the others. */
export const otherTestimonials = testimonials.filter((t) => !t.featured);

/** "March 2025" for an ISO date, read as a calendar date (no time-zone shift). */
export function formatTestimonialDate(date: string): string {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

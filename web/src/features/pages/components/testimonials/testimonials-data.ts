// Testimonials page content: spec content-and-data-pages.md §2 (stats, the
// featured / other split), §3 (the Testimonial entity and its services) and §9.
// The clients are fictional companies; avatars are our own initials artwork.
// The texts (positions, quotes, services, figures' labels) are the catalogue's,
// in the page's language: functions, called at render. Names of people,
// companies and places are the same in every language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/testimonials';
import type { Stat } from '@/components/marketing/stats-row';
import { formatDate, formatPercent, t, type MessageId } from '@/i18n/i18n';

/** The services a testimonial may be about (spec §3), by the spec's names. */
const services = {
  bareMetal: 'Bare Metal Servers',
  cloudInfrastructure: 'Cloud Infrastructure',
  edgeComputing: 'Edge Computing',
  managedInfrastructure: 'Managed Infrastructure',
  dataCenter: 'Data Center Solutions',
  virtualServers: 'Virtual Servers',
  storage: 'Storage Solutions',
} as const;

export const testimonialServices = Object.values(services);

export type TestimonialService = (typeof services)[keyof typeof services];

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

const serviceIds = {
  bareMetal: 'testimonials.service.bareMetal',
  cloudInfrastructure: 'testimonials.service.cloudInfrastructure',
  edgeComputing: 'testimonials.service.edgeComputing',
  managedInfrastructure: 'testimonials.service.managedInfrastructure',
  dataCenter: 'testimonials.service.dataCenter',
  virtualServers: 'testimonials.service.virtualServers',
  storage: 'testimonials.service.storage',
} as const satisfies Record<keyof typeof services, MessageId>;

/** The headline figures, exactly as the spec lists them. */
export const testimonialStats = (): readonly Stat[] => [
  { value: '250+', label: t('testimonials.stats.clients') },
  { value: formatPercent(0.999), label: t('testimonials.stats.uptime') },
  { value: '35+', label: t('testimonials.stats.countries') },
  { value: '24/7', label: t('testimonials.stats.support') },
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

function client(fields: Omit<Testimonial, 'image'>, background: string): Testimonial {
  return { ...fields, image: initialsAvatar(fields.name, background) };
}

/** The 8 fixed testimonials. */
export const testimonials = (): readonly Testimonial[] => [
  client(
    {
      id: 1,
      name: 'Amina Wanjiru',
      position: t('testimonials.clients.mavuno.position'),
      company: 'Mavuno Microfinance',
      location: 'Nairobi, Kenya',
      rating: 5,
      date: '2025-03-18',
      testimonial: t('testimonials.clients.mavuno.quote'),
      service: services.bareMetal,
      featured: true,
    },
    '#b8005d',
  ),
  client(
    {
      id: 2,
      name: 'Chinedu Okafor',
      position: t('testimonials.clients.swiftline.position'),
      company: 'Swiftline Logistics Lagos',
      location: 'Lagos, Nigeria',
      rating: 5,
      date: '2025-02-04',
      testimonial: t('testimonials.clients.swiftline.quote'),
      service: services.cloudInfrastructure,
      featured: true,
    },
    '#1d4ed8',
  ),
  client(
    {
      id: 3,
      name: 'Thandiwe Mokoena',
      position: t('testimonials.clients.highveld.position'),
      company: 'Highveld Health Network',
      location: 'Johannesburg, South Africa',
      rating: 5,
      date: '2024-11-22',
      testimonial: t('testimonials.clients.highveld.quote'),
      service: services.managedInfrastructure,
      featured: true,
    },
    '#047857',
  ),
  client(
    {
      id: 4,
      name: 'Kwame Asante',
      position: t('testimonials.clients.adinkra.position'),
      company: 'Adinkra Analytics',
      location: 'Accra, Ghana',
      rating: 5,
      date: '2025-01-15',
      testimonial: t('testimonials.clients.adinkra.quote'),
      service: services.edgeComputing,
      featured: false,
    },
    '#7c3aed',
  ),
  client(
    {
      id: 5,
      name: 'Grace Uwase',
      position: t('testimonials.clients.kivu.position'),
      company: 'Kivu Agritech',
      location: 'Kigali, Rwanda',
      rating: 4,
      date: '2024-10-09',
      testimonial: t('testimonials.clients.kivu.quote'),
      service: services.virtualServers,
      featured: false,
    },
    '#b45309',
  ),
  client(
    {
      id: 6,
      name: 'Omar Hassan',
      position: t('testimonials.clients.nilecrest.position'),
      company: 'Nilecrest Insurance',
      location: 'Cairo, Egypt',
      rating: 5,
      date: '2024-09-27',
      testimonial: t('testimonials.clients.nilecrest.quote'),
      service: services.dataCenter,
      featured: false,
    },
    '#0e7490',
  ),
  client(
    {
      id: 7,
      name: 'Sarah Namutebi',
      position: t('testimonials.clients.kabaka.position'),
      company: 'Kabaka Lane Media',
      location: 'Kampala, Uganda',
      rating: 5,
      date: '2024-12-03',
      testimonial: t('testimonials.clients.kabaka.quote'),
      service: services.storage,
      featured: false,
    },
    '#be123c',
  ),
  client(
    {
      id: 8,
      name: 'Baraka Mushi',
      position: t('testimonials.clients.kilele.position'),
      company: 'Kilele Safaris & Travel',
      location: 'Arusha, Tanzania',
      rating: 4,
      date: '2024-08-19',
      testimonial: t('testimonials.clients.kilele.quote'),
      service: services.cloudInfrastructure,
      featured: false,
    },
    '#4d7c0f',
  ),
];

/** Featured Success Stories. */
export const featuredTestimonials = () => testimonials().filter((item) => item.featured);

/** What Our Clients Say: the others. */
export const otherTestimonials = () => testimonials().filter((item) => !item.featured);

/** A service's name in the page's language. */
export function serviceLabel(service: TestimonialService): string {
  const key = (Object.keys(services) as (keyof typeof services)[]).find((name) => services[name] === service);
  return key ? t(serviceIds[key]) : service;
}

/** "March 2025" ("mars 2025" in French) for an ISO date, read as a calendar date (no time-zone shift). */
export function formatTestimonialDate(date: string): string {
  const [year, month] = date.split('-').map(Number);
  return formatDate(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1)), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

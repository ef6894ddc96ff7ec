// The home page's content (accounts-chat-and-shell.md §2 "Home page"): the
// product preview tabs with their Read More targets, the four testimonials of
// the carousel and the closing services. Partner names are site settings.
// The texts are the catalogue's (in the page's language): functions, called
// at render. Names of people, companies, places and products are the same in
// every language.

// The home page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/home';
import { site } from '@/config/site';
import { formatPercent, t } from '@/i18n/i18n';

/** The home tabs, in order (spec §4: "Home tab one of nodes, bi, cloudpay, ai, sme"). */
export type HomeTabId = 'nodes' | 'bi' | 'cloudpay' | 'ai' | 'sme';

export interface ProductTab {
  id: HomeTabId;
  /** The tab's text. */
  label: string;
  title: string;
  description: string;
  highlights: readonly string[];
  /** Where Read More leads. */
  href: string;
}

export const defaultHomeTab: HomeTabId = 'nodes';

export const productTabs = (): readonly ProductTab[] => [
  {
    id: 'nodes',
    label: t('home.tabs.nodes.label'),
    title: t('home.tabs.nodes.title'),
    description: t('home.tabs.nodes.description'),
    highlights: [t('home.tabs.nodes.highlight1'), t('home.tabs.nodes.highlight2'), t('home.tabs.nodes.highlight3')],
    href: '/bare-metal-servers',
  },
  {
    id: 'bi',
    label: site.biProduct,
    title: t('home.tabs.bi.title', { product: site.biProduct }),
    description: t('home.tabs.bi.description'),
    highlights: [t('home.tabs.bi.highlight1'), t('home.tabs.bi.highlight2'), t('home.tabs.bi.highlight3')],
    href: `/${site.slug}-bi`,
  },
  {
    id: 'cloudpay',
    label: 'CloudX',
    title: t('home.tabs.cloudpay.title'),
    description: t('home.tabs.cloudpay.description'),
    highlights: [t('home.tabs.cloudpay.highlight1'), t('home.tabs.cloudpay.highlight2'), t('home.tabs.cloudpay.highlight3')],
    href: '/flexi-cloud',
  },
  {
    id: 'ai',
    label: 'Edge AI',
    title: t('home.tabs.ai.title'),
    description: t('home.tabs.ai.description'),
    highlights: [t('home.tabs.ai.highlight1'), t('home.tabs.ai.highlight2'), t('home.tabs.ai.highlight3')],
    href: '/edge',
  },
  {
    id: 'sme',
    label: t('home.tabs.sme.label'),
    title: t('home.tabs.sme.title'),
    description: t('home.tabs.sme.description'),
    highlights: [t('home.tabs.sme.highlight1'), t('home.tabs.sme.highlight2'), t('home.tabs.sme.highlight3')],
    href: '/iaas',
  },
];

export interface HomeTestimonial {
  id: string;
  name: string;
  position: string;
  company: string;
  location: string;
  service: string;
  /** The line shown while the card is closed. */
  summary: string;
  /** The full quote shown when the card is open. */
  quote: string;
}

/** The carousel's four cards. */
export const homeTestimonials = (): readonly HomeTestimonial[] => [
  {
    id: 'retail',
    name: 'Wanjiru Kamau',
    position: t('home.testimonials.retail.position'),
    company: 'Mara Retail Group',
    location: 'Nairobi, Kenya',
    service: t('home.testimonials.retail.service'),
    summary: t('home.testimonials.retail.summary'),
    quote: t('home.testimonials.retail.quote'),
  },
  {
    id: 'sacco',
    name: 'Daniel Ochieng',
    position: t('home.testimonials.sacco.position'),
    company: 'Umoja SACCO',
    location: 'Kisumu, Kenya',
    service: site.biProduct,
    summary: t('home.testimonials.sacco.summary'),
    quote: t('home.testimonials.sacco.quote'),
  },
  {
    id: 'logistics',
    name: 'Fatuma Hassan',
    position: t('home.testimonials.logistics.position'),
    company: 'Pwani Logistics',
    location: 'Mombasa, Kenya',
    service: t('home.testimonials.logistics.service'),
    summary: t('home.testimonials.logistics.summary'),
    quote: t('home.testimonials.logistics.quote'),
  },
  {
    id: 'health',
    name: 'Dr. Samuel Mensah',
    position: t('home.testimonials.health.position'),
    company: 'Baobab Health',
    location: 'Accra, Ghana',
    service: t('home.testimonials.health.service'),
    summary: t('home.testimonials.health.summary'),
    quote: t('home.testimonials.health.quote'),
  },
];

export interface HomeService {
  id: string;
  title: string;
  text: string;
  href: string;
}

/** The closing services section (id "services", linked from the footer as /#services). */
export const homeServices = (): readonly HomeService[] => [
  {
    id: 'nodes',
    title: t('home.servicesList.nodes.title'),
    text: t('home.servicesList.nodes.text'),
    href: '/bare-metal-servers',
  },
  {
    id: 'cloudx',
    title: 'CloudX',
    text: t('home.servicesList.cloudx.text'),
    href: '/flexi-cloud',
  },
  {
    id: 'bi',
    title: site.biProduct,
    text: t('home.servicesList.bi.text'),
    href: `/${site.slug}-bi`,
  },
  {
    id: 'edge-ai',
    title: 'Edge AI',
    text: t('home.servicesList.edgeAi.text'),
    href: '/edge',
  },
];

/** Headline figures under the hero, all claims the site makes throughout. */
export const homeStats = () =>
  [
    { value: formatPercent(0.999), label: t('home.stats.uptime') },
    { value: '24/7', label: t('home.stats.support') },
    { value: 'Tier-3', label: t('home.stats.dataCenters') },
    { value: 'AES-256', label: t('home.stats.encryption') },
  ] as const;

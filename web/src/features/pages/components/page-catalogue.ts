// Every public route's metadata (web/src/app/page-meta.json, shared with the gateway, which writes
// it into index.html for crawlers) and the opening words of the pages whose bodies later issues fill in.

import pageMeta from '@/app/page-meta.json';
import { site } from '@/config/site';

export interface PageMetaEntry {
  title: string;
  description: string;
  keywords: string;
  variant: 'default' | 'events';
  type: 'website' | 'article';
}

export interface PageEntry extends PageMetaEntry {
  heading: string;
  intro: string;
  badge?: string;
}

interface PlaceholderText {
  heading: string;
  intro: string;
  badge?: string;
}

/** A route whose texts are in every language names its catalogue area instead (src/lib/route-meta.ts). */
export type TranslatedEntry = Pick<PageMetaEntry, 'variant' | 'type'> & { area: string };

export const pageMetaTable = pageMeta as {
  siteName: string;
  eventsSuffix: string;
  pages: Record<string, PageMetaEntry | TranslatedEntry>;
  admin: PageMetaEntry;
  notFound: PageMetaEntry;
};

const brand = site.company;

/** Heading, intro and badge of the placeholder <StaticPage> for routes not yet built. */
const placeholders: Record<string, PlaceholderText> = {
  '/blog': {
    heading: 'Tech Blog',
    intro: 'Insights on cloud infrastructure, security, compliance and innovation for African businesses.',
  },
  '/blog/:id': {
    heading: 'Blog post',
    intro: 'Articles from the Nyota Cloud tech blog.',
  },
  '/events': {
    heading: 'Upcoming Events',
    intro: 'Meet the team at summits, conferences and infrastructure events across Africa.',
  },
  '/events/:id': {
    heading: 'Event details',
    intro: 'Dates, location, highlights and registration for this event.',
  },
  '/iaas': {
    heading: 'Infrastructure Services',
    intro: 'Virtual servers, cloud storage, network infrastructure and security, trusted by 500+ businesses.',
  },
  '/kaa-rada': {
    heading: 'Kaa Rada Cloud CCTV',
    intro: 'Plug-and-play cloud video storage that scales from one camera to thousands, with local support.',
  },
  '/edge': {
    heading: 'Edge AI & GPU Cloud',
    intro: 'Inference, training, edge computing and orchestration on a planned GPU cluster, with early access.',
  },
  '/privacy': {
    heading: 'Privacy Policy',
    intro: 'Last updated: April 23, 2025.',
  },
  '/terms-of-service': {
    heading: 'Terms of Service',
    intro: 'The terms that govern your use of our services.',
  },
  '/security-compliance': {
    heading: 'Security & Compliance',
    intro: 'Your data is encrypted with AES-256 at rest and TLS 1.3 in transit.',
  },
  '/service-level-agreement': {
    heading: 'Service Level Agreement',
    intro: 'Uptime commitments from 99.9% to 99.99%, 24/7 support and service credits.',
  },
  '/data-processing-agreement': {
    heading: 'Data Processing Agreement',
    intro: 'Version 2.0. Your data is kept in Africa.',
  },
};

/**
 * The metadata of `route` with its placeholder text (by default the title without the brand, and the description).
 * Translated routes are pages with texts of their own, not in it.
 */
export const pageCatalogue: Record<string, PageEntry> = Object.fromEntries(
  Object.entries(pageMetaTable.pages).flatMap(([route, meta]) => ('area' in meta ? [] : [[route, meta] as const])).map(([route, meta]) => [
    route,
    {
      ...meta,
      heading: meta.title.replace(` | ${brand}`, ''),
      intro: meta.description,
      ...placeholders[route],
    },
  ]),
);

/** The catalogue entry of `route`; throws when the route has none, so a page cannot render without its metadata. */
export function catalogueEntry(route: string): PageEntry {
  const entry = pageCatalogue[route];
  if (!entry) throw new Error(`No page catalogue entry for ${route}`);
  return entry;
}

// The metadata of a public route from web/src/app/page-meta.json (the file the
// gateway also serves). A route whose texts are in every language names its
// catalogue area instead (`"area": "home"`): its title, description and
// keywords are the messages `<area>.meta.title`, `.description`, `.keywords`,
// loaded with the page (router.tsx, withTexts).

import pageMeta from '@/app/page-meta.json';
import { t, type MessageId } from '@/i18n/i18n';

export interface RouteMetaEntry {
  title: string;
  description: string;
  keywords: string;
  variant: 'default' | 'events';
  type: 'website' | 'article';
  /** The texts are in every language (the entry names a catalogue area). */
  inEveryLanguage: boolean;
}

type TableEntry = Omit<RouteMetaEntry, 'inEveryLanguage'> | (Pick<RouteMetaEntry, 'variant' | 'type'> & { area: string });

const pages = pageMeta.pages as Record<string, TableEntry>;

/** The entry of `route` (e.g. "/blog/:id") in the page's language; throws for a route the file does not list. */
export function routeMeta(route: string): RouteMetaEntry {
  const entry = pages[route];
  if (!entry) throw new Error(`No page-meta.json entry for ${route}`);
  if (!('area' in entry)) return { ...entry, inEveryLanguage: false };
  const text = (field: 'title' | 'description' | 'keywords') => t(`${entry.area}.meta.${field}` as MessageId);
  return {
    title: text('title'),
    description: text('description'),
    keywords: text('keywords'),
    variant: entry.variant,
    type: entry.type,
    inEveryLanguage: true,
  };
}

// The metadata of a public route from web/src/app/page-meta.json (the file the
// gateway also serves), for pages outside the pages feature.

import pageMeta from '@/app/page-meta.json';

export interface RouteMetaEntry {
  title: string;
  description: string;
  keywords: string;
  variant: 'default' | 'events';
  type: 'website' | 'article';
}

const pages = pageMeta.pages as Record<string, RouteMetaEntry>;

/** The entry of `route` (e.g. "/blog/:id"); throws for a route the file does not list. */
export function routeMeta(route: string): RouteMetaEntry {
  const entry = pages[route];
  if (!entry) throw new Error(`No page-meta.json entry for ${route}`);
  return entry;
}

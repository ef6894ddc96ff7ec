import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RouteMetaEntry } from '@/lib/route-meta';
import { headDescribesThisPage, PageMeta } from './page-meta';

/**
 * The title and link-preview tags of `route` from the routes' metadata table
 * (web/src/app/page-meta.json). The served HTML carries them already (the
 * gateway writes them from the same table), so the table, a chunk of its
 * own, is loaded only when an in-app navigation leaves <head> describing
 * another page: a first visit does not pay for every page's metadata.
 */
export function RouteMeta({ route }: { route: string }) {
  const { pathname } = useLocation();
  // With the route it is of: an instance kept for another route (the same
  // component in the same place) must not write the old route's tags.
  const [loaded, setLoaded] = useState<{ route: string; entry: RouteMetaEntry } | null>(null);
  useEffect(() => {
    if (headDescribesThisPage(pathname)) return;
    let live = true;
    void import('@/lib/route-meta').then(({ routeMeta }) => {
      if (live) setLoaded({ route, entry: routeMeta(route) });
    });
    return () => {
      live = false;
    };
  }, [route, pathname]);
  const entry = loaded?.route === route ? loaded.entry : null;
  if (!entry) return null;
  return (
    <PageMeta
      title={entry.title}
      description={entry.description}
      keywords={entry.keywords}
      variant={entry.variant}
      type={entry.type}
      inEveryLanguage={entry.inEveryLanguage}
    />
  );
}

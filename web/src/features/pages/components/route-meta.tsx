import { PageMeta } from '@/components/ui/page-meta';
import { pageCatalogue } from './page-catalogue';

/** The title and link-preview tags of `route`, from the page catalogue the gateway also serves. */
export function RouteMeta({ route }: { route: string }) {
  const entry = pageCatalogue[route];
  if (!entry) throw new Error(`No page catalogue entry for ${route}`);
  return (
    <PageMeta
      title={entry.title}
      description={entry.description}
      keywords={entry.keywords}
      variant={entry.variant}
      type={entry.type}
    />
  );
}

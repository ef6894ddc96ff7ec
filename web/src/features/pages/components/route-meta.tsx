import { PageMeta } from '@/components/ui/page-meta';
import { catalogueEntry } from './page-catalogue';

/** The title and link-preview tags of `route`, from the page catalogue the gateway also serves. */
export function RouteMeta({ route }: { route: string }) {
  const entry = catalogueEntry(route);
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

import { catalogueEntry } from './page-catalogue';
import { RouteMeta } from '@/components/ui/route-meta';

/** A page whose body a later issue fills in: final title and metadata, heading and intro. */
export function StaticPage({ route }: { route: string }) {
  const entry = catalogueEntry(route);
  return (
    <section className="mx-auto max-w-4xl px-4 py-20 text-center lg:px-8">
      <RouteMeta route={route} />
      {entry.badge && (
        <p className="mb-4 inline-block rounded-full bg-pink-100 px-3 py-1 text-xs font-semibold tracking-wide text-pink-900 dark:bg-pink-950 dark:text-pink-100">
          {entry.badge}
        </p>
      )}
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{entry.heading}</h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700 dark:text-gray-300">{entry.intro}</p>
    </section>
  );
}

import type { ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * A component module that asks the server through TanStack Query, loaded with
 * the query client's (lib/query-provider), which is not in the entry script
 * ("/" needs none): the pages in app/router.tsx, the admin's routes and the
 * chat widget. For a page, the build preloads their scripts together, and
 * fails when a page needs the client without this or has it without needing
 * it (build-plugins/route-chunks.ts).
 */
export function withQueries<P extends object>(load: () => Promise<Module<P>>): () => Promise<Module<P>> {
  return () =>
    Promise.all([load(), import('./query-provider')]).then(([module, { withQueryClient }]) => ({
      default: withQueryClient(module.default),
    }));
}

// The query client of the pages that ask the server through TanStack Query.
// Not in the entry script: the frame every page shows (header, footer, chat
// launcher) reads stores, so "/" loads no query code at all; a page that
// needs the client comes with this module (lib/with-queries.ts).

import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';
import { createQueryClient } from './query-client';

let client: ReturnType<typeof createQueryClient> | null = null;

/** The app's one query client: every page and the chat widget share its cache. */
function appQueryClient() {
  client ??= createQueryClient();
  return client;
}

/** `Component` with the app's query client around it, unless one is there already (a test's). */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    const outer = useContext(QueryClientContext);
    if (outer) return <Component {...props} />;
    return (
      <QueryClientProvider client={appQueryClient()}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}

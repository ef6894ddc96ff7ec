import type { Plugin } from 'vite';

/** The module whose `onDemandPages` table maps each public route to its page's lazy import. */
const ROUTER = '/src/app/router.tsx';

/** The module that brings the query client to a page wrapped in `withQueries` (lib/with-queries.ts). */
const QUERY_PROVIDER = '@/lib/query-provider';

/** Written next to index.html; the gateway reads it (gateway/src/site/http/web/preloads.rs). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

type Node = { type: string; [key: string]: unknown };

/** The languages whose messages are chunks apart from the entry (English's frame is in it). */
const LOADED_LANGUAGES = ['fr', 'sw'];

/**
 * Writes `route-chunks.json`: for each public route with a page of its own,
 * the scripts its page needs beyond the ones `index.html` already loads (the
 * page's chunk and the chunks it imports). The gateway names them in that
 * route's served HTML as `<link rel="modulepreload">`, so the browser fetches
 * the page's code with the entry script instead of after running it.
 *
 * Routes are read from the `onDemandPages` object literal in the router: a
 * string key whose value calls `import('…')`. A computed key (a template
 * literal) cannot be known at build time: the build fails on it.
 *
 * In French or Kiswahili a page also waits for its language's frame messages
 * and its page areas' (`withTexts(areas, …)`, src/i18n/i18n.ts), fetched
 * only once the entry runs: under the key `<lang>:<route>` the table names
 * those chunks too, so the served HTML of `/fr/…` preloads them with the
 * entry instead of two round trips after it.
 *
 * TanStack Query is not in the entry script: a page whose scripts include it
 * must be wrapped in `withQueries(…)`, which loads the query client with the
 * page (their scripts are preloaded together), and only such a page; the
 * build fails otherwise, naming the route.
 */
export function routeChunks(): Plugin {
  // route → resolved module id of its page
  const pageModules = new Map<string, string>();
  // routes wrapped in withQueries(…)
  const withQueries = new Set<string>();
  // route → the catalogue areas its page loads (withTexts' first argument)
  const pageAreas = new Map<string, string[]>();
  let queryProvider = '';
  return {
    name: 'nyota-route-chunks',
    apply: 'build',
    async transform(code, id) {
      if (!id.endsWith(ROUTER)) return null;
      const imports: [string, string][] = [];
      walk(this.parse(code) as unknown as Node, (node) => {
        if (node.type !== 'VariableDeclarator') return;
        const name = node.id as Node;
        const init = node.init as Node | null;
        if (name.type !== 'Identifier' || name.name !== 'onDemandPages' || init?.type !== 'ObjectExpression') return;
        for (const property of init.properties as Node[]) {
          const key = property.key as Node | undefined;
          if (property.type !== 'Property' || key?.type !== 'Literal' || typeof key.value !== 'string') {
            this.error(`onDemandPages in ${ROUTER}: every key must be a route written out ('/about'), not computed`);
          }
          walk(property.value as Node, (inner) => {
            const callee = inner.callee as Node | undefined;
            if (inner.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'withQueries') {
              withQueries.add(key.value as string);
            }
            if (inner.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'withTexts') {
              const areas = stringsOf((inner.arguments as Node[])[0]);
              if (!areas) this.error(`withTexts for ${key.value as string} in ${ROUTER}: name its areas as written strings`);
              pageAreas.set(key.value as string, areas);
            }
            const source = inner.source as Node | undefined;
            if (inner.type === 'ImportExpression' && source?.type === 'Literal' && typeof source.value === 'string') {
              imports.push([key.value as string, source.value]);
            }
          });
        }
      });
      if (imports.length === 0) this.error(`no onDemandPages imports found in ${ROUTER}`);
      const provider = await this.resolve(QUERY_PROVIDER, id);
      if (!provider) this.error(`cannot resolve ${QUERY_PROVIDER}`);
      queryProvider = provider.id;
      for (const [route, source] of imports) {
        const resolved = await this.resolve(source, id);
        if (!resolved) this.error(`cannot resolve ${source} (route ${route})`);
        pageModules.set(route, resolved.id);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('no entry chunk');
      // What index.html loads already: the entry and its static imports.
      const loaded = closure([entry.fileName], byName);
      const table: Record<string, string[]> = {};
      const providerChunk = chunks.find((chunk) => chunk.moduleIds.includes(queryProvider));
      if (!providerChunk) this.error(`no chunk for ${QUERY_PROVIDER}`);
      const usesQueries = (files: string[]) =>
        files.some((file) => byName.get(file)?.moduleIds.some((id) => id.includes('/node_modules/@tanstack/react-query/')));
      if (usesQueries(loaded)) this.error('TanStack Query is in the entry script: something the frame imports uses it');
      const misplaced: string[] = [];
      for (const [route, moduleId] of pageModules) {
        // Its own chunk, or the one a small page was merged into.
        const page =
          chunks.find((chunk) => chunk.facadeModuleId === moduleId) ??
          chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
        if (!page) this.error(`no chunk for ${route} (${moduleId})`);
        const wrapped = withQueries.has(route);
        const needs = usesQueries(closure([page.fileName], byName));
        if (needs !== wrapped) misplaced.push(route);
        table[route] = closure(wrapped ? [page.fileName, providerChunk.fileName] : [page.fileName], byName)
          .filter((file) => !loaded.includes(file))
          .map((file) => `/${file}`);
      }
      for (const language of LOADED_LANGUAGES) {
        const catalogue = (name: string) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === `\0catalog:${name}`);
          if (!chunk) this.error(`no chunk for the catalogue ${name}`);
          return chunk.fileName;
        };
        const frame = catalogue(language);
        for (const route of pageModules.keys()) {
          const areas = (pageAreas.get(route) ?? []).map((area) => catalogue(`${language}/${area}`));
          table[`${language}:${route}`] = closure([frame, ...areas], byName)
            .filter((file) => !loaded.includes(file))
            .map((file) => `/${file}`);
        }
      }
      if (misplaced.length > 0) {
        this.error(
          `in ${ROUTER}, withQueries(…) must wrap exactly the pages that use TanStack Query; not so for ${misplaced.join(', ')}`,
        );
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
    },
  };
}

/** `files` and every chunk they import statically, in load order (a file before its imports). */
function closure(files: string[], byName: Map<string, { imports: string[] }>): string[] {
  const seen: string[] = [];
  const visit = (file: string) => {
    if (seen.includes(file)) return;
    seen.push(file);
    for (const imported of byName.get(file)?.imports ?? []) visit(imported);
  };
  files.forEach(visit);
  return seen;
}

/** The strings of a string literal or an array of them; null for anything else. */
function stringsOf(node: Node | undefined): string[] | null {
  if (node?.type === 'Literal' && typeof node.value === 'string') return [node.value];
  if (node?.type !== 'ArrayExpression') return null;
  const items = (node.elements as Node[]).map((element) => stringsOf(element));
  return items.every((item) => item?.length === 1) ? items.map((item) => item![0]!) : null;
}

function walk(node: Node, visit: (node: Node) => void) {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object' && 'type' in item) walk(item as Node, visit);
    } else if (value && typeof value === 'object' && 'type' in value) {
      walk(value as Node, visit);
    }
  }
}


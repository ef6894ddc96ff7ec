// The message catalogues (src/i18n/catalogs/<locale>.json, ICU MessageFormat)
// as modules, compiled here at build time by messageformat to plain
// functions: the browser carries no message parser, only @messageformat/runtime's
// few helpers (plurals, numbers).
//
// A message's area is its id's first part ("home" of "home.hero.title").
// - `virtual:catalog/<locale>`: the frame's areas (FRAME_AREAS), which every
//   page shows; English with the entry, the others loaded before the first render.
// - `virtual:catalog/<locale>/<area>`: one page's messages. A page's module
//   imports its English area; the router loads the area in the page's
//   language with the page (src/i18n/i18n.ts, `loadArea`).
// - In each language but English, the frame's module also exports
//   `areaLoaders`: a loader per page area of that language (so a French page
//   loads no table of Kiswahili's areas, and no request of its own for it).
// Each module registers its messages (src/i18n/store.ts) when it runs.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';
import { pseudoCatalogue } from './pseudo';

/**
 * Areas every page shows: layout, header, footer, cookie banner, 404, language
 * choice, the chat launcher, and `common`, the texts of parts many pages share.
 */
export const FRAME_AREAS = ['layout', 'header', 'nav', 'footer', 'cookie', 'notFound', 'language', 'launcher', 'common'];
const LOCALES = ['en', 'fr', 'sw'];

const prefix = 'virtual:catalog/';
const resolved = '\0catalog:';
const directory = fileURLToPath(new URL('../src/i18n/catalogs/', import.meta.url));
const store = fileURLToPath(new URL('../src/i18n/store.ts', import.meta.url));

const areaOf = (key: string) => key.split('.', 1)[0]!;

/**
 * `PSEUDO_LOCALE=1` (the layout check's test build only, see
 * docs/testing.md): English's messages are the pseudo-locale's, about 40 %
 * longer (pseudo.ts). A shipped build never sets it.
 */
export function catalogs({ pseudo = process.env.PSEUDO_LOCALE === '1' } = {}): Plugin {
  const read = (locale: string): Record<string, string> => {
    const messages = JSON.parse(readFileSync(`${directory}${locale}.json`, 'utf8')) as Record<string, string>;
    return pseudo && locale === 'en' ? pseudoCatalogue(messages) : messages;
  };
  const pageAreas = () => [...new Set(Object.keys(read('en')).map(areaOf))].filter((area) => !FRAME_AREAS.includes(area));

  return {
    name: 'nyota-catalogs',
    resolveId(id) {
      return id.startsWith(prefix) ? resolved + id.slice(prefix.length) : null;
    },
    load(id) {
      if (!id.startsWith(resolved)) return null;
      const name = id.slice(resolved.length);
      const [locale, area] = name.split('/') as [string, string | undefined];
      if (!LOCALES.includes(locale)) throw new Error(`no catalogue "${locale}"`);
      this.addWatchFile(`${directory}${locale}.json`);
      const wanted = (key: string) => (area === undefined ? FRAME_AREAS.includes(areaOf(key)) : areaOf(key) === area);
      const messages = Object.fromEntries(Object.entries(read(locale)).filter(([key]) => wanted(key)));
      if (Object.keys(messages).length === 0) throw new Error(`no messages in area "${area}" of ${locale}.json`);
      let code: string;
      try {
        code = compileModule(new MessageFormat(locale, { strict: true }), messages);
      } catch (error) {
        throw new Error(`${locale}.json: ${String(error)}`);
      }
      const areaLoaders =
        area === undefined && locale !== 'en'
          ? `\nexport const areaLoaders = {${pageAreas()
              .map((page) => `${JSON.stringify(page)}: () => import(${JSON.stringify(`${prefix}${locale}/${page}`)})`)
              .join(', ')}};`
          : '';
      return `${code.replace('export default', 'const messages =')}
import { register } from ${JSON.stringify(store)};
register(${JSON.stringify(locale)}, messages);${areaLoaders}`;
    },
  };
}

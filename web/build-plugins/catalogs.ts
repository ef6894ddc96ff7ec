// The message catalogues (src/i18n/catalogs/<locale>.json, ICU
// MessageFormat) as modules: `import { messages } from 'virtual:catalog/fr'`.
// Each message is compiled here, at build time, to what @lingui/core reads,
// so the browser carries no message parser; each language a chunk of its own.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const prefix = 'virtual:catalog/';
const resolved = '\0catalog:';
const directory = fileURLToPath(new URL('../src/i18n/catalogs/', import.meta.url));

export function catalogs(): Plugin {
  return {
    name: 'nyota-catalogs',
    resolveId(id) {
      return id.startsWith(prefix) ? resolved + id.slice(prefix.length) : null;
    },
    load(id) {
      if (!id.startsWith(resolved)) return null;
      const locale = id.slice(resolved.length);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`no catalogue "${locale}"`);
      const file = `${directory}${locale}.json`;
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => {
          try {
            return [key, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`${locale}.json "${key}": ${String(error)}`);
          }
        }),
      );
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

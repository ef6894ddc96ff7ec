import { basename, dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Written next to index.html; read by web/e2e/chat-bytes.spec.ts. */
export const LAUNCHER_BYTES_FILE = 'launcher-bytes.json';

const LAUNCHER = '/src/features/chat/components/widget/chat-launcher.tsx';

/**
 * Writes `launcher-bytes.json`: where the chat launcher's code lies in the
 * entry script, as [start, end) character offsets of the minified file, so a
 * browser test can weigh it in the script as served (that script compressed
 * with and without those ranges). The launcher's code is its module and each
 * module of the entry that only it brings in (its icon, the panel's class,
 * the stored chat), found by the build's source map. The maps themselves are
 * not written (`build.sourcemap: 'hidden'` only feeds this).
 */
export function launcherBytes(): Plugin {
  return {
    name: 'nyota-launcher-bytes',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own hooks, which still change the entry's code (preload lists).
      order: 'post',
      handler(options, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        if (!entry || entry.type !== 'chunk') return this.error('no entry chunk');
        if (!entry.map) return this.error('the launcher needs the build to make source maps (build.sourcemap)');
        const inEntry = new Set(entry.moduleIds);
        const launcher = entry.moduleIds.find((id) => id.endsWith(LAUNCHER));
        if (!launcher) return this.error(`${LAUNCHER} is not in the entry chunk`);
        /**
         * An icon comes through lucide-react's index, which is not in the
         * bundle: it is the launcher's when no other module of the entry names it.
         */
        const namedOnlyBy = (id: string, owners: Set<string>) => {
          const name = basename(id)
            .replace(/\.m?js$/, '')
            .replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());
          const naming = new RegExp(`\\b${name}(Icon)?\\b`);
          const users = entry.moduleIds.filter((other) => other !== id && naming.test(this.getModuleInfo(other)?.code ?? ''));
          return users.length > 0 && users.every((user) => owners.has(user));
        };
        // Its module and those imported, within the entry, by its modules only.
        const own = new Set([launcher]);
        for (let grew = true; grew; ) {
          grew = false;
          for (const id of entry.moduleIds) {
            if (own.has(id)) continue;
            const info = this.getModuleInfo(id);
            const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].filter((importer) => inEntry.has(importer));
            if (importers.length > 0 ? importers.every((importer) => own.has(importer)) : namedOnlyBy(id, own)) {
              own.add(id);
              grew = true;
            }
          }
        }
        const base = dirname(resolve(options.dir ?? 'dist', entry.fileName));
        const ownSources = new Set(entry.map.sources.flatMap((source, index) => (own.has(resolve(base, source)) ? [index] : [])));
        const ranges = sourceRanges(entry.code, entry.map.mappings, ownSources);
        // The button's id is in the launcher's code: found there, the map was read right.
        if (!ranges.some(([start, end]) => entry.code.slice(start, end).includes('"chat-launcher"'))) {
          return this.error('the launcher\'s code was not found through the source map');
        }
        for (const name of Object.keys(bundle)) if (name.endsWith('.map')) delete bundle[name];
        const root = process.cwd();
        const modules = [...own].map((id) => relative(root, id));
        this.emitFile({
          type: 'asset',
          fileName: LAUNCHER_BYTES_FILE,
          source: `${JSON.stringify({ file: entry.fileName, modules, ranges })}\n`,
        });
        },
    },
  };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map segment's fields (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * The [start, end) offsets of `code` that the map attributes to `sources`.
 * A piece mapped to no source (a comma between declarations) joins the
 * launcher's pieces on both sides of it.
 */
function sourceRanges(code: string, mappings: string, sources: Set<number>): [number, number][] {
  const pieces: { start: number; end: number; own: boolean | null }[] = [];
  let lineStart = 0;
  let source = 0;
  mappings.split(';').forEach((line, index, lines) => {
    const lineEnd = index + 1 < lines.length ? code.indexOf('\n', lineStart) : code.length;
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    segments.forEach((fields, i) => {
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      const next = i + 1 < segments.length ? column + segments[i + 1][0] : (lineEnd < 0 ? code.length : lineEnd) - lineStart;
      pieces.push({ start: lineStart + column, end: lineStart + next, own: fields.length > 1 ? sources.has(source) : null });
    });
    lineStart = (lineEnd < 0 ? code.length : lineEnd) + 1;
  });
  const ranges: [number, number][] = [];
  pieces.forEach((piece, i) => {
    const own = piece.own ?? (pieces[i - 1]?.own === true && pieces[i + 1]?.own === true);
    if (!own || piece.end <= piece.start) return;
    const last = ranges.at(-1);
    if (last && last[1] === piece.start) last[1] = piece.end;
    else ranges.push([piece.start, piece.end]);
  });
  return ranges;
}

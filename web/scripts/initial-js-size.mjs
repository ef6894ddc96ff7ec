// Prints the initial JavaScript of "/", "/fr" and "/sw" gzipped: the entry
// script of dist/index.html plus every chunk it modulepreloads, the home
// page's own chunks that "/"'s served HTML preloads (route-chunks.json), and
// in French or Kiswahili what the entry loads before drawing: the language's
// frame messages (with its table of page areas) and its home-page messages
// (src/i18n/i18n.ts activateLocale, app/router.tsx withTexts). Run
// `npm run build` first. Exits non-zero when a language is above the budget
// (120 KB by default, or argv[2]).
//   node scripts/initial-js-size.mjs [budgetKB]     (DIST=dir: another build's output)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.DIST ?? new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const english = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((match) => match[1]);
english.push(...(JSON.parse(readFileSync(join(dist, 'route-chunks.json'), 'utf8'))['/'] ?? []));

const assets = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
/** The one asset named `prefix` + hash + `.js` (the hash has no dash-separated word after it). */
function asset(prefix) {
  const found = assets.filter((file) => file.startsWith(prefix) && /^[\w-]{8}\.js$/.test(file.slice(prefix.length)));
  if (found.length !== 1) throw new Error(`expected one ${prefix}<hash>.js, found ${found.join(', ') || 'none'}`);
  return `/assets/${found[0]}`;
}

const budget = Number(process.argv[2] ?? 120);
let over = false;
for (const lang of ['en', 'fr', 'sw']) {
  const files =
    lang === 'en' ? english : [...english, asset(`catalog-${lang}-`), asset(`catalog-${lang}-home-`)];
  let total = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    if (lang === 'en' || !english.includes(file)) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
  }
  const path = lang === 'en' ? '/' : `/${lang}`;
  console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  initial JS for "${path}" (gzip -9), budget ${budget} KB\n`);
  over ||= total / 1024 > budget;
}
process.exit(over ? 1 : 0);

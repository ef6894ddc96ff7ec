// Prints the initial JavaScript of "/", "/fr" and "/sw" gzipped: the entry
// script of dist/index.html plus every chunk it modulepreloads, the home
// page's own chunks that "/"'s served HTML preloads (route-chunks.json), and
// in French or Kiswahili what the entry loads before drawing, which that
// language's served HTML preloads too (route-chunks.json's "fr:/"): the
// language's frame messages (with its table of page areas) and its
// home-page messages (src/i18n/i18n.ts activateLocale, app/router.tsx withTexts). Run
// `npm run build` first. Exits non-zero when a language is above the budget
// (120 KB by default, or argv[2]).
//   node scripts/initial-js-size.mjs [budgetKB]     (DIST=dir: another build's output)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.DIST ?? new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const english = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((match) => match[1]);
const routeChunks = JSON.parse(readFileSync(join(dist, 'route-chunks.json'), 'utf8'));
english.push(...(routeChunks['/'] ?? []));

const budget = Number(process.argv[2] ?? 120);
let over = false;
for (const lang of ['en', 'fr', 'sw']) {
  const texts = routeChunks[`${lang}:/`];
  if (lang !== 'en' && !texts?.length) throw new Error(`route-chunks.json names no messages for "${lang}:/"`);
  const files = lang === 'en' ? english : [...english, ...texts];
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

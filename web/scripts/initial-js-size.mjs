// Prints the initial JavaScript of "/" gzipped: the entry script of
// dist/index.html plus every chunk it modulepreloads, and the home page's own
// chunks that "/"'s served HTML preloads (route-chunks.json) (run
// `npm run build` first). Exits non-zero above the budget (120 KB by default, or argv[2]).
//   node scripts/initial-js-size.mjs [budgetKB]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((match) => match[1]);
files.push(...(JSON.parse(readFileSync(join(dist, 'route-chunks.json'), 'utf8'))['/'] ?? []));

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
const budget = Number(process.argv[2] ?? 120);
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  initial JS for "/" (gzip -9), budget ${budget} KB`);
process.exit(total / 1024 > budget ? 1 : 0);

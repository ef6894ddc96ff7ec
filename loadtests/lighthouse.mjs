// Lighthouse (mobile preset, Debian's chromium) on a running platform, and the
// initial JavaScript of "/" from the production build.
//
//   node loadtests/lighthouse.mjs BASE_URL [PATH...]
//
// `/blog/:id` stands for the newest post's page. RUNS=3 measures each page
// three times (each run is reported and must meet the thresholds).
// Prints performance, accessibility, best-practices and SEO scores and the
// cumulative layout shift of each page; the failing audits of any category
// below 100 go to stderr. Reports are kept in .run/lighthouse/. Exits 1 when
// a page scores under a threshold (performance 95, accessibility 100, best
// practices 96, SEO 100), naming the page, the category and its failing audits.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // 13.x needs Node 22.19+
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking';

const [base, ...rest] = process.argv.slice(2);
if (!base) throw new Error('usage: node loadtests/lighthouse.mjs BASE_URL [PATH...]');
// Representative pages: home, a product with plans, the hosted-email
// pricing, a form, the content lists and a post.
const defaults = ['/', '/bare-metal-servers', '/solutions/nyota-finance', '/contact', '/blog', '/events', '/blog/:id'];
const runs = Number(process.env.RUNS ?? 1);

/** `/blog/:id` as the newest post's page. */
async function resolve(path) {
  if (path !== '/blog/:id') return path;
  const list = await (await fetch(new URL('/api/blog?page=1&limit=1', base))).json();
  if (!list.posts?.length) throw new Error('/blog/:id: there is no post');
  return `/blog/${list.posts[0].id}`;
}
const paths = [];
for (const path of rest.length ? rest : defaults) {
  const resolved = await resolve(path);
  for (let run = 0; run < runs; run += 1) paths.push(resolved);
}
const THRESHOLDS = { performance: 95, accessibility: 100, 'best-practices': 96, seo: 100 };
const failures = [];
const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.run', 'lighthouse');
mkdirSync(reports, { recursive: true });

/**
 * The entry script and the modulepreload chunks of web/dist/index.html, and
 * the home page's own chunks that "/"'s served HTML preloads with them
 * (route-chunks.json), gzipped.
 */
function initialJs() {
  const dist = join(root, 'web', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set(JSON.parse(readFileSync(join(dist, 'route-chunks.json'), 'utf8'))['/'] ?? []);
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const src = tag.match(/(?:src|href)="([^"]+)"/)?.[1];
    if ((isEntry || isPreload) && src) files.add(src);
  }
  let gzipped = 0;
  const rows = [...files].map((file) => {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipped += size;
    return `  ${file}  ${(size / 1000).toFixed(1)} kB`;
  });
  return { gzipped, rows };
}

const results = [];
for (const path of paths) {
  const output = join(reports, `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}.json`);
  execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      new URL(path, base).href,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const row = {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
  };
  results.push(row);
  for (const id of CATEGORIES) {
    if (row[id] === 100) continue;
    const failing = report.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${report.audits[ref.id].score})`);
    if (failing.length) console.error(`${path} ${id}: ${failing.join(', ')}`);
    if (row[id] < THRESHOLDS[id]) {
      failures.push(`${path}: ${id} ${row[id]} < ${THRESHOLDS[id]}${failing.length ? ` (${failing.join(', ')})` : ''}`);
    }
  }
}

const pad = (text, width) => String(text).padEnd(width);
console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile preset, ${base}`);
console.log(`${pad('page', 44)}${pad('perf', 6)}${pad('a11y', 6)}${pad('best', 6)}${pad('seo', 6)}${pad('CLS', 8)}LCP`);
for (const r of results) {
  console.log(
    `${pad(r.path, 44)}${pad(r.performance, 6)}${pad(r.accessibility, 6)}${pad(r['best-practices'], 6)}${pad(r.seo, 6)}${pad(r.cls.toFixed(3), 8)}${(r.lcpMs / 1000).toFixed(2)} s`,
  );
}
const js = initialJs();
console.log(
  `\nInitial JS for "/" (entry + modulepreload, gzip -9): ${(js.gzipped / 1000).toFixed(1)} kB (${(js.gzipped / 1024).toFixed(1)} KiB)`,
);
for (const row of js.rows) console.log(row);

if (failures.length) {
  console.error(`\nLighthouse thresholds not met (performance ${THRESHOLDS.performance}, accessibility ${THRESHOLDS.accessibility}, best practices ${THRESHOLDS['best-practices']}, SEO ${THRESHOLDS.seo}):`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}

// The site's quality gates, on the production build served by the real
// gateway (started by `./infra/e2e --quality`, which sets E2E_BASE_URL):
//
//   node scripts/site-quality.mjs
//
// Every public route of src/app/routes.json, and every post and event of the
// sitemap, is rendered in Chromium in light and dark at 390 and 1366 px, and:
//
// - sitemap: /sitemap.xml lists every public page, a translated one in each
//   language (but the sign-in forms, the account area and the email-only
//   pages), every post and every event;
// - status: each page answers 200 from the gateway;
// - axe: axe-core (WCAG 2.1 A/AA and best practices) finds no violation;
// - overflow: no horizontal scroll (scrollWidth <= innerWidth) at 320, 390,
//   1366 and 1920 px;
// - html: the Nu HTML checker (vnu-jar, needs java) finds no error in each
//   page's rendered DOM;
// - links: linkinator finds no broken link in any rendered page (each link
//   is asked of the gateway, which answers 404 for a path that is no page);
// - orphans: every public route is linked from a page a visitor reaches
//   from the home page (but the pages only emails link to).
//
// Each finding names its gate and page; the script exits 1 when there is any.
// QUALITY_PAGES=/,/about limits the pages (the sitemap and orphan gates then
// skip), for a quick look.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { LinkChecker } from 'linkinator';

const require = createRequire(import.meta.url);
const base = (process.env.E2E_BASE_URL ?? '').replace(/\/$/, '');
if (!base) throw new Error('E2E_BASE_URL is not set (run ./infra/e2e --quality)');

const table = JSON.parse(readFileSync(new URL('../src/app/routes.json', import.meta.url), 'utf8'));
const pageMeta = JSON.parse(readFileSync(new URL('../src/app/page-meta.json', import.meta.url), 'utf8'));
/** A page translated into every language (its page-meta.json entry names its catalogue area) is also at /fr/… and /sw/… (a language's home at /fr). */
const inEveryLanguage = (route) => 'area' in (pageMeta.pages[route] ?? {});
const otherLanguages = (route) => ['fr', 'sw'].map((lang) => (route === '/' ? `/${lang}` : `/${lang}${route}`));
/** Public pages not in the sitemap (as the gateway's NOT_IN_SITEMAP). */
const notInSitemap = ['/auth', '/login', '/register', '/forgot-password', '/reset-password', '/subscription', '/chat-emails', '/dashboard', '/account/security'];
/** Pages only an email links to (a reset link, a subscription confirmation, a reply email's "stop" link). */
const emailOnly = ['/reset-password', '/subscription', '/chat-emails'];
/** Pages only a signed-in user is linked to (from /dashboard and the staff account menu: e2e second-factor.spec.ts follows those links). */
const signedInOnly = ['/account/security'];
const themes = ['light', 'dark'];
/** Each rendered width, with the other widths checked for overflow on the same page. */
const widths = [
  { width: 390, height: 844, overflow: [320, 390] },
  { width: 1366, height: 768, overflow: [1366, 1920] },
];
const started = Date.now();
const timings = {};
const findings = [];
const find = (gate, page, text) => findings.push({ gate, page, text });

async function timed(gate, work) {
  const start = Date.now();
  try {
    return await work();
  } finally {
    timings[gate] = (timings[gate] ?? 0) + (Date.now() - start);
  }
}

// --- sitemap: every public page, post and event -------------------------------
async function sitemapPaths() {
  const response = await fetch(`${base}/sitemap.xml`);
  if (!response.ok) {
    find('sitemap', '/sitemap.xml', `answered ${response.status}`);
    return [];
  }
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

async function publicItems() {
  const blog = await (await fetch(`${base}/api/blog?page=1&limit=1000`)).json();
  const events = await (await fetch(`${base}/api/events?limit=1000`)).json();
  return {
    // A post lives at its language's address (/fr/blog/…); its others redirect there.
    posts: blog.posts.map((post) => `${post.language === 'en' ? '' : `/${post.language}`}/blog/${post.id}`),
    events: events.events.map((event) => `/events/${event.id}`),
  };
}

function checkSitemap(listed, items) {
  const routes = table.routes.filter((route) => !route.includes(':') && !notInSitemap.includes(route));
  const expected = [
    ...routes,
    ...routes.filter(inEveryLanguage).flatMap(otherLanguages),
    ...items.posts,
    ...items.events,
  ];
  for (const path of expected) if (!listed.includes(path)) find('sitemap', path, 'missing from /sitemap.xml');
  for (const path of listed) if (!expected.includes(path)) find('sitemap', path, 'listed in /sitemap.xml but not a public page');
}

// --- one page in one browser context -------------------------------------------
const fixedRoutes = table.routes.filter((route) => !route.includes(':'));

/** Where the page's links go, resolved, without fragment. */
function internalLinks(hrefs) {
  const paths = new Set();
  for (const href of hrefs) {
    const url = new URL(href, base);
    if (url.origin !== base) continue;
    paths.add(url.pathname.replace(/(.)\/$/, '$1'));
  }
  return paths;
}

async function overflowAt(page, width, height) {
  await page.setViewportSize({ width, height });
  // Let layout (and container queries) settle at the new width.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const limit = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= limit) return null;
    // The outermost elements that reach past the right edge, for the finding.
    const culprits = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= limit + 0.5 || box.width === 0) continue;
      if (culprits.some((outer) => outer.contains(element))) continue;
      culprits.push(element);
      if (culprits.length === 3) break;
    }
    const describe = (element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''
      }`;
    return `scrollWidth ${scroll} > innerWidth ${limit}: ${culprits.map(describe).join(', ')}`;
  });
}

async function settle(page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  // Lists and details load after the first render: wait for their loading texts to go.
  await page
    .waitForFunction(() => !/Loading [a-z ]+\.\.\./i.test(document.body.innerText), null, { timeout: 10_000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
}

async function visit(context, path, { theme, width, height, overflow }, snapshots, graph) {
  const page = await context.newPage();
  const label = `${path} [${theme} ${width}]`;
  try {
    const response = await page.goto(path, { waitUntil: 'load' });
    const status = response?.status() ?? 0;
    if (status !== 200) find('status', label, `answered ${status}`);
    await settle(page);

    await timed('axe', async () => {
      await page.mouse.move(0, 0);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      for (const violation of results.violations) {
        const nodes = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ');
        find('axe', label, `${violation.id} (${violation.impact}): ${violation.help} at ${nodes}`);
      }
    });

    const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    const links = graph.get(path) ?? new Set();
    for (const link of internalLinks(hrefs)) links.add(link);
    graph.set(path, links);

    if (theme === 'light') {
      // The rendered DOM, with a base so its links resolve against the gateway.
      const html = await page.evaluate(() => {
        const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
        return `${doctype}\n${document.documentElement.outerHTML}`;
      });
      const withBase = html.replace(/<head([^>]*)>/, `<head$1><base href="${base}${path}">`);
      snapshots.push({ path, width, html: withBase });
    }

    await timed('overflow', async () => {
      for (const size of overflow) {
        const problem = await overflowAt(page, size, height);
        if (problem) find('overflow', `${path} [${theme} ${size}]`, problem);
      }
    });
  } catch (error) {
    find('status', label, `did not render: ${String(error).split('\n')[0]}`);
  } finally {
    await page.close();
  }
}

// --- the Nu HTML checker on the rendered DOMs ------------------------------------
function checkHtml(dir, snapshots) {
  // The package's main export is the path of vnu.jar.
  const jar = String(require('vnu-jar'));
  const files = snapshots.map((snapshot) => snapshot.file);
  let output = '';
  try {
    execFileSync('java', ['-Xss4m', '-jar', jar, '--format', 'json', '--errors-only', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // vnu exits 1 when it finds errors; its report is on stderr either way.
    output = String(error.stderr ?? '');
    if (!output.trim().startsWith('{')) throw error;
  }
  if (!output) return;
  const report = JSON.parse(output);
  for (const message of report.messages) {
    const snapshot = snapshots.find((s) => message.url?.endsWith(s.file));
    const where = snapshot ? `${snapshot.path} [${snapshot.width}]` : (message.url ?? dir);
    const extract = (message.extract ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
    find('html', where, `${message.message}${extract ? ` in “${extract}”` : ''}`);
  }
}

// --- linkinator over the rendered DOMs -------------------------------------------
async function checkLinks(dir, snapshots) {
  const checker = new LinkChecker();
  const result = await checker.check({
    // Names under serverRoot: linkinator serves them itself; their links go to the gateway (<base>).
    path: snapshots.map((snapshot) => snapshot.name),
    serverRoot: dir,
    recurse: false,
    concurrency: 8,
    timeout: 15_000,
    // Only our own pages and files: other sites are not this gate's to judge.
    // (linkinator serves the snapshots themselves from localhost: those are followed.)
    linksToSkip: async (link) =>
      !link.startsWith(`${base}/`) && link !== base && !/^http:\/\/localhost:\d+\/page-\d+\.html$/.test(link),
  });
  const ours = result.links.filter((link) => link.state !== 'SKIPPED' && link.url.startsWith(base));
  console.log(`linkinator: ${ours.length} links of ours checked, ${result.links.length - ours.length} to other sites skipped`);
  // A check that followed nothing would pass whatever the pages hold.
  if (ours.length <= snapshots.length) find('links', 'all pages', `linkinator checked only ${ours.length} links`);
  const seen = new Set();
  for (const link of result.links) {
    if (link.state !== 'BROKEN') continue;
    const parent = link.parent ?? '';
    const snapshot = snapshots.find((s) => parent.endsWith(`/${s.name}`));
    const key = `${snapshot?.path ?? parent} ${link.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    find('links', snapshot?.path ?? parent, `broken link ${link.url} (${link.status})`);
  }
}

// --- orphans: every public route reached from / -----------------------------------
function checkOrphans(graph, items) {
  const reached = new Set(['/']);
  const queue = ['/'];
  while (queue.length) {
    const path = queue.shift();
    for (const next of graph.get(path) ?? []) {
      if (reached.has(next)) continue;
      reached.add(next);
      queue.push(next);
    }
  }
  for (const route of fixedRoutes) {
    if (emailOnly.includes(route) || signedInOnly.includes(route) || reached.has(route)) continue;
    find('orphans', route, 'no link to it from any page a visitor reaches from /');
  }
  const reachedOne = (prefix, list) => list.length === 0 || [...reached].some((path) => path.startsWith(prefix));
  if (!reachedOne('/blog/', items.posts)) find('orphans', '/blog/:id', 'no post is linked from a page reached from /');
  if (!reachedOne('/events/', items.events)) find('orphans', '/events/:id', 'no event is linked from a page reached from /');
}

// --- the run -----------------------------------------------------------------------
const only = process.env.QUALITY_PAGES?.split(',').filter(Boolean);
const items = await publicItems();
let pages;
if (only) {
  pages = only;
} else {
  const listed = await sitemapPaths();
  checkSitemap(listed, items);
  pages = [...fixedRoutes, ...items.posts, ...items.events];
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const snapshots = [];
const graph = new Map();
await timed('render', async () => {
  for (const theme of themes) {
    for (const size of widths) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      await context.addInitScript((stored) => {
        localStorage.setItem('cookie-consent', 'true');
        localStorage.setItem('theme', stored);
      }, theme);
      const start = Date.now();
      for (const path of pages) await visit(context, path, { theme, ...size }, snapshots, graph);
      await context.close();
      console.log(`rendered ${pages.length} pages, ${theme} at ${size.width} px, in ${((Date.now() - start) / 1000).toFixed(0)} s`);
    }
  }
});
await browser.close();

const dir = mkdtempSync(join(tmpdir(), 'site-quality-'));
try {
  snapshots.forEach((snapshot, index) => {
    snapshot.name = `page-${index}.html`;
    snapshot.file = join(dir, snapshot.name);
    writeFileSync(snapshot.file, snapshot.html);
  });
  mkdirSync(dir, { recursive: true });
  // A checker that cannot run is a finding, not a crash that loses the others.
  await timed('html', async () => checkHtml(dir, snapshots)).catch((error) =>
    find('html', 'all pages', `the Nu HTML checker did not run: ${String(error).split('\n')[0]}`),
  );
  await timed('links', () => checkLinks(dir, snapshots)).catch((error) =>
    find('links', 'all pages', `linkinator did not run: ${String(error).split('\n')[0]}`),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!only) checkOrphans(graph, items);

const gates = ['sitemap', 'status', 'axe', 'overflow', 'html', 'links', 'orphans'];
console.log(
  `site quality: ${pages.length} pages × ${themes.length} themes × ${widths.length} widths in ${((Date.now() - started) / 1000).toFixed(0)} s ` +
    `(${Object.entries(timings)
      .map(([gate, ms]) => `${gate} ${(ms / 1000).toFixed(0)} s`)
      .join(', ')})`,
);
for (const gate of gates) {
  const mine = findings.filter((finding) => finding.gate === gate);
  console.log(`${mine.length ? 'FAIL' : 'ok  '} ${gate}: ${mine.length} finding${mine.length === 1 ? '' : 's'}`);
  for (const finding of mine) console.log(`     ${finding.page}: ${finding.text}`);
}
process.exit(findings.length ? 1 : 0);

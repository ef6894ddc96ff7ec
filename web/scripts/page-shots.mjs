// Screenshots of every page of the web app, and a pixel comparison of two sets
// of them: to show that a change (a reorganisation, a dependency bump) left
// every page as it was. Shoot the build before the change and the build after
// it, served by the same gateway over the same data, then compare:
//
//   ADMIN_PASSWORD=… node scripts/page-shots.mjs shoot http://127.0.0.1:8080 /tmp/shots/before
//   ADMIN_PASSWORD=… node scripts/page-shots.mjs shoot http://127.0.0.1:8080 /tmp/shots/after
//   node scripts/page-shots.mjs compare /tmp/shots/before /tmp/shots/after [diffDir]
//
// shoot: every public route of src/app/routes.json (the first post and event
// the API lists for the :id routes), the 404 page, the cookie banner, the open
// chat widget and the contact form as a quote request; then, signed in through
// the sign-in form as ADMIN_EMAIL (default admin@nyota.example) with
// ADMIN_PASSWORD (without it these are skipped), the account pages and every
// admin page with the agent console. Each is a full-page PNG at 1366×768 and
// 390×844, light and dark: <page>--<config>.png. The browser's clock is fixed
// at SHOTS_NOW (ISO; default today 09:00 UTC: give both runs the same),
// animations and the caret are off, and a shot waits for the network, fonts,
// images and spinners. The chat widget is shot before any agent signs in. For
// the same views, sessions and counts, start both runs from the same copy of
// the database, with the NATS streams dropped (workers drop-streams).
//
// compare: one line per shot (same / differs: N pixels / missing), a total,
// exit status 1 on any difference; with diffDir, a PNG of each differing shot
// with the differing pixels red. Chromium: /usr/bin/chromium (or CHROMIUM).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { PNG } from 'playwright-core/lib/utilsBundle';

const configs = [
  { name: '1366-light', viewport: { width: 1366, height: 768 }, colorScheme: 'light' },
  { name: '1366-dark', viewport: { width: 1366, height: 768 }, colorScheme: 'dark' },
  { name: '390-light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: '390-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
];

const routeTable = JSON.parse(readFileSync(new URL('../src/app/routes.json', import.meta.url), 'utf8'));
/** Public routes that show a signed-in account: shot after signing in. */
const accountRoutes = ['/dashboard', '/account/security'];

/** A table of the page by (part of) its caption. */
const table = (page, caption) => page.locator('table').filter({ has: page.locator('caption', { hasText: caption }) });

/**
 * Per route: a text to wait for, and what is different on every start of the
 * platform by nature, masked: the name NATS gives the gateway's rate-limit
 * watcher (random), and the clock times of the retention worker's runs (it
 * runs when the workers start).
 */
const special = {
  '/admin/chat': { ready: 'Live updates on' },
  '/admin/database': {
    mask: (page) => [
      table(page, 'RATE_LIMITS').locator('tbody td:first-child'),
      page.getByText('Next run due around'),
      table(page, 'Latest runs').locator('tbody td:nth-child(-n+2)'),
    ],
  },
};

/** A file name for a route: "/" is home, "/blog/:id" blog-post, "/admin/blogs/:id" admin_blogs_edit. */
function pageName(route) {
  if (route === '/') return 'home';
  const name = route.slice(1).replace('blogs/:id', 'blogs/edit').replace('blog/:id', 'blog-post').replace('events/:id', 'event');
  return name.replaceAll('/', '_');
}

/** The path of a route: :id is the first post (/blog, /admin/blogs) or event. */
const concrete = (route, ids) => route.replace(/(blogs?)\/:id$/, `$1/${ids.post}`).replace('events/:id', `events/${ids.event}`);

async function firstIds(base) {
  const blog = await (await fetch(`${base}/api/blog?page=1&limit=1`)).json();
  const events = await (await fetch(`${base}/api/events?page=1&limit=1`)).json();
  const post = blog.posts?.[0]?.id;
  const event = events.events?.[0]?.id;
  if (!post || !event) throw new Error('the API lists no post or no event: seed the sample content');
  return { post, event };
}

/** Waits until the page has settled: network, spinners, fonts and images. */
async function settle(page, ready) {
  await page.waitForLoadState('load');
  // A page with a live connection (the agent console) never goes idle.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  if (ready) await page.getByText(ready).first().waitFor({ timeout: 15_000 });
  const busy = '.animate-spin, .animate-pulse, [aria-busy="true"]';
  await page
    .waitForFunction((selector) => ![...document.querySelectorAll(selector)].some((e) => e.getClientRects().length), busy, { timeout: 15_000 })
    .catch(() => console.warn(`  still loading after 15 s: ${page.url()}`));
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img[loading="lazy"]')) image.loading = 'eager';
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map(
        (image) =>
          image.complete ||
          new Promise((done) => {
            image.addEventListener('load', done, { once: true });
            image.addEventListener('error', done, { once: true });
          }),
      ),
    );
    window.scrollTo(0, 0);
  });
  await page.mouse.move(0, 0);
  // Two frames, so what the last changes laid out is painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function newContext(browser, base, config, now, { consent = true } = {}) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: config.viewport,
    colorScheme: config.colorScheme,
    reducedMotion: 'reduce',
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'Africa/Nairobi',
  });
  // The cookie banner answered (it is shot once on its own), as in e2e/helpers.ts.
  if (consent) await context.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  await context.clock.setFixedTime(now);
  // Nothing from other hosts: there is no network here, and no waiting on one.
  const origin = new URL(base).origin;
  await context.route((url) => url.origin !== origin, (route) => route.abort());
  return context;
}

/**
 * The admin's shell does not scroll the document but a pane of its own, which
 * a full-page shot would cut at the window's height: the window is made as
 * much taller as the pane has hidden.
 */
async function growToInnerScroll(page) {
  for (let round = 0; round < 3; round += 1) {
    const hidden = await page.evaluate(() => {
      if (document.scrollingElement.scrollHeight > window.innerHeight) return 0;
      const scrollers = [...document.querySelectorAll('*')].filter((element) =>
        ['auto', 'scroll'].includes(getComputedStyle(element).overflowY),
      );
      return Math.max(0, ...scrollers.map((element) => element.scrollHeight - element.clientHeight));
    });
    if (hidden <= 1) return;
    const { width, height } = page.viewportSize();
    await page.setViewportSize({ width, height: height + hidden });
    await settle(page);
  }
}

function shooter(outDir, config, counter) {
  return async (page, name, { ready, before, mask } = {}) => {
    await settle(page, ready);
    if (before) await before(page);
    await growToInnerScroll(page);
    const file = join(outDir, `${name}--${config.name}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide', mask: mask?.(page) });
    await page.setViewportSize(config.viewport);
    counter.count += 1;
    console.log(`  ${name}--${config.name}`);
  };
}

function visitor(page, shot, pages) {
  return async (name, path, options) => {
    await page.goto(path);
    await shot(page, name, options);
    pages.add(name);
  };
}

async function shoot(base, outDir) {
  base = base.replace(/\/$/, '');
  mkdirSync(outDir, { recursive: true });
  const now = new Date(process.env.SHOTS_NOW ?? `${new Date().toISOString().slice(0, 10)}T09:00:00Z`);
  console.log(`clock fixed at ${now.toISOString()} (SHOTS_NOW)`);
  const ids = await firstIds(base);
  const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@nyota.example';
  const adminPassword = process.env.ADMIN_PASSWORD;
  if (!adminPassword) console.warn('ADMIN_PASSWORD is not set: the account and admin pages are skipped');
  const publicRoutes = routeTable.routes.filter((route) => !accountRoutes.includes(route));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    // Partial raster repaints only the changed part of a tile, so the edges of
    // rounded corners came out a shade apart depending on which frames were
    // painted on the way (seen in the admin's top bar): off, a tile is
    // painted whole and the pixels depend only on the page.
    args: ['--no-sandbox', '--disable-partial-raster'],
  });
  const counter = { count: 0 };
  const pages = new Set();
  try {
    // Signed out first, for every configuration: no agent has been online yet when the chat widget opens.
    for (const config of configs) {
      console.log(`signed out, ${config.name}`);
      const shot = shooter(outDir, config, counter);
      const bare = await newContext(browser, base, config, now, { consent: false });
      const first = await bare.newPage();
      await first.goto('/');
      await first.getByRole('button', { name: 'Accept All' }).waitFor();
      await shot(first, 'home-cookie-banner');
      pages.add('home-cookie-banner');
      await bare.close();

      const context = await newContext(browser, base, config, now);
      const page = await context.newPage();
      const visit = visitor(page, shot, pages);
      for (const route of publicRoutes) await visit(pageName(route), concrete(route, ids));
      await visit('not-found', '/no-such-page');
      await visit('contact-quote', `/contact?subject=${encodeURIComponent('Kaa Rada Cloud CCTV quote')}`);
      await visit('home-chat-open', '/', {
        before: async (p) => {
          await p.getByRole('button', { name: 'Open chat' }).click();
          await p.getByRole('button', { name: 'Close chat' }).waitFor();
          await settle(p);
        },
      });
      await context.close();
    }
    if (adminPassword) {
      for (const config of configs) {
        console.log(`signed in as ${adminEmail}, ${config.name}`);
        const shot = shooter(outDir, config, counter);
        const context = await newContext(browser, base, config, now);
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByLabel('Email').fill(adminEmail);
        await page.getByLabel('Password').fill(adminPassword);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 }).catch(() => {
          throw new Error('the sign-in did not leave /login (a wrong ADMIN_PASSWORD, or a second factor asked for?)');
        });
        const visit = visitor(page, shot, pages);
        await visit('home-signed-in', '/');
        for (const route of accountRoutes) await visit(pageName(route), route);
        for (const route of routeTable.adminRoutes) await visit(pageName(route), concrete(route, ids), special[route]);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${counter.count} shots: ${pages.size} pages × ${configs.length} configurations, in ${outDir}`);
}

/** The pixels that differ between two PNGs of one size, and a picture of where. */
function pixelDiff(imageA, imageB) {
  const diff = new PNG({ width: imageA.width, height: imageA.height });
  let pixels = 0;
  for (let i = 0; i < imageA.data.length; i += 4) {
    const same = imageA.data.readUInt32BE(i) === imageB.data.readUInt32BE(i);
    if (!same) pixels += 1;
    // Differing pixels red, the rest a faded grey copy of the first image.
    const grey = Math.round(255 - (255 - (imageA.data[i] + imageA.data[i + 1] + imageA.data[i + 2]) / 3) * 0.2);
    diff.data.set(same ? [grey, grey, grey, 255] : [255, 0, 0, 255], i);
  }
  return { pixels, diff };
}

function compare(dirA, dirB, diffDir) {
  const pngs = (dir) => readdirSync(dir).filter((name) => name.endsWith('.png'));
  const names = [...new Set([...pngs(dirA), ...pngs(dirB)])].sort();
  if (diffDir) mkdirSync(diffDir, { recursive: true });
  let differing = 0;
  for (const name of names) {
    const [a, b] = [dirA, dirB].map((dir) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)) : null));
    let verdict = 'same';
    if (!a || !b) {
      verdict = `missing in ${a ? dirB : dirA}`;
    } else if (!a.equals(b)) {
      const [imageA, imageB] = [PNG.sync.read(a), PNG.sync.read(b)];
      if (imageA.width !== imageB.width || imageA.height !== imageB.height) {
        verdict = `differs: size ${imageA.width}×${imageA.height} vs ${imageB.width}×${imageB.height}`;
      } else {
        const { pixels, diff } = pixelDiff(imageA, imageB);
        if (pixels > 0) verdict = `differs: ${pixels} pixels`;
        if (pixels > 0 && diffDir) writeFileSync(join(diffDir, name), PNG.sync.write(diff));
      }
    }
    if (verdict !== 'same') differing += 1;
    console.log(`${name}: ${verdict}`);
  }
  console.log(`${names.length} shots compared: ${names.length - differing} same, ${differing} differ`);
  return differing === 0 ? 0 : 1;
}

const [mode, first, second, third] = process.argv.slice(2);
if (mode === 'shoot' && first && second) {
  await shoot(first, second);
} else if (mode === 'compare' && first && second) {
  process.exitCode = compare(first, second, third);
} else {
  console.error('usage: node scripts/page-shots.mjs shoot <baseURL> <outDir>\n       node scripts/page-shots.mjs compare <dirA> <dirB> [diffDir]');
  process.exitCode = 2;
}

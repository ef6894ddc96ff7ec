import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const shotsDir = process.env.SHOTS_DIR;

/**
 * Screenshots for review (not a check) of what the facets draw — the blog's
 * category buttons, Popular Articles and Categories, the events' filters and
 * Other Events — and of the facets' loading, error and empty states, at 1366
 * and 390 px, light and dark:
 * SHOTS_DIR=/work/shots-blog ./infra/e2e blog-events-shots.spec.ts
 */
test('screenshots of the blog and events facets and their states', async ({ browser, playwright, baseURL }) => {
  test.skip(!shotsDir, 'SHOTS_DIR is not set');
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(300_000);
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect((await admin.post('/api/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  const created = await seed(admin);
  try {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 390, height: 844 },
      ]) {
        const context = await browser.newContext({ viewport, colorScheme: theme });
        await presetConsent(context, { theme });
        const page = await context.newPage();
        const shot = (name: string) => page.screenshot({ path: `${shotsDir}/${name}-${viewport.width}-${theme}.png` });
        // A part of the page in page coordinates (a full-page clip), so the sticky header never covers it.
        const part = async (name: string, selector: string) => {
          const clip = await page
            .locator(selector)
            .first()
            .evaluate((element) => {
              const box = element.getBoundingClientRect();
              return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
            });
          await page.screenshot({ path: `${shotsDir}/${name}-${viewport.width}-${theme}.png`, fullPage: true, clip });
        };

        await page.goto('/blog');
        await expect(page.getByRole('region', { name: 'Popular Articles' }).getByRole('listitem').first()).toBeVisible();
        await shot('blog-top');
        await part('blog-sidebar', 'aside[aria-label="Blog sidebar"]');

        await page.goto('/events');
        await expect(page.getByRole('group', { name: 'Filter by category' }).getByRole('button').nth(1)).toBeVisible();
        await part('events-filters', '#upcoming-events');
        await part('events-other', '#other-events');

        // The facets' states: loading (held), failed, and empty.
        await facetsState(page, 'hold');
        await page.goto('/blog');
        await expect(page.getByRole('region', { name: 'Latest Articles' })).toBeVisible();
        await part('blog-sidebar-loading', 'aside[aria-label="Blog sidebar"]');
        await page.goto('/events');
        await expect(page.getByRole('region', { name: 'Upcoming Events' })).toBeVisible();
        await part('events-filters-loading', '#upcoming-events');

        await facetsState(page, 'fail');
        await page.goto('/blog');
        await expect(page.getByText('Failed to fetch categories').first()).toBeVisible();
        await shot('blog-top-failed');
        await part('blog-sidebar-failed', 'aside[aria-label="Blog sidebar"]');
        await page.goto('/events');
        await expect(page.getByText('Failed to fetch event filters')).toBeVisible();
        await part('events-filters-failed', '#upcoming-events');
        await part('events-other-failed', '#other-events');

        await facetsState(page, 'empty');
        await page.goto('/blog');
        await expect(page.getByRole('region', { name: 'Latest Articles' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await part('blog-sidebar-empty', 'aside[aria-label="Blog sidebar"]');
        await context.close();
      }
    }
  } finally {
    for (const path of created) await admin.delete(path);
    await admin.dispose();
  }
});

/** Answers the facets reads: never (loading), 500, or with nothing. */
async function facetsState(page: Page, state: 'hold' | 'fail' | 'empty') {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route(/\/api\/(blog|events)\/facets$/, async (route) => {
    if (state === 'hold') return; // never answered: the page stays loading
    if (state === 'fail') return route.fulfill({ status: 500, json: { message: 'boom' } });
    const events = route.request().url().includes('/events/');
    return route.fulfill({
      json: events ? { statuses: [], categories: [], otherEvents: [] } : { categories: [], popular: [] },
    });
  });
}

/** Posts in four categories and events of several kinds; returns their admin paths, to delete. */
async function seed(admin: APIRequestContext): Promise<string[]> {
  const paths: string[] = [];
  const posts = [
    ['Running Kubernetes close to your customers in Nairobi', 'Infrastructure'],
    ['What the Data Protection Act asks of your backups', 'Compliance'],
    ['TLS everywhere: a checklist for SMEs', 'Security'],
    ['Edge AI for retail: three deployments', 'Innovation'],
    ['Our new Lagos availability zone', 'News'],
    ['Choosing between bare metal and virtual servers', 'Infrastructure'],
  ];
  for (const [n, [title, category]] of posts.entries()) {
    const response = await admin.post('/api/admin/blog', {
      data: {
        title,
        excerpt: `${title}: what we learned.`,
        fullContent: 'Sample text.',
        category,
        author: 'Nyota Cloud Team',
        publishedAt: new Date(Date.now() - (n + 1) * 3_600_000).toISOString(),
        image: '/images/sample/edge-ai.svg',
      },
    });
    expect(response.status()).toBe(201);
    paths.push(`/api/admin/blog/${((await response.json()) as { id: string }).id}`);
  }
  const events = [
    ['Nairobi Cloud Summit', 'Summit', 20],
    ['Hands-on Kubernetes Workshop', 'Workshop', 30],
    ['Data Residency Webinar', 'Webinar', 40],
    ['Lagos Infrastructure Meetup', 'Meetup', -10],
  ] as const;
  for (const [title, category, days] of events) {
    const response = await admin.post('/api/admin/events', {
      data: {
        title,
        description: `${title}: talks and labs.`,
        category,
        date: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
        time: '09:00 - 17:00 EAT',
        location: 'Nairobi, Kenya',
        image: '/images/sample/conference.svg',
      },
    });
    expect(response.status()).toBe(201);
    paths.push(`/api/admin/events/${((await response.json()) as { id: string }).id}`);
  }
  return paths;
}

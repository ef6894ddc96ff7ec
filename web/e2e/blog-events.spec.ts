// The public blog and events pages against the real API (issue 10). Content is
// seeded through the admin API (POST /api/admin/blog, /api/admin/events) as
// the e2e admin, with a run tag in titles and categories so that other runs'
// or the sample content never interfere, and deleted afterwards.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const tag = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const blogCategory = `Blog${tag}`;
const eventCategory = `Meetup${tag}`;

type Created = { id: string };

let admin: APIRequestContext;
const createdPosts: string[] = [];
const createdEvents: string[] = [];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

async function createPost(data: Record<string, unknown>): Promise<string> {
  const response = await admin.post('/api/admin/blog', { data });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as Created;
  createdPosts.push(id);
  return id;
}

async function createEvent(data: Record<string, unknown>): Promise<string> {
  const response = await admin.post('/api/admin/events', { data });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as Created;
  createdEvents.push(id);
  return id;
}

/** A calendar day `days` from today, as YYYY-MM-DD. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

// Headless Chromium announces itself as HeadlessChrome, which the gateway
// (rightly) takes for a bot and does not count; these visitors are people.
const browserUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: browserUserAgent });

/** The view count a post page shows (none before the first view: no "0 views"). */
async function shownViews(page: Page): Promise<number> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const label = page.getByRole('main').getByText(/^\d[\d,]* views?$/);
  if ((await label.count()) === 0) return 0;
  return Number(((await label.textContent()) ?? '').replace(/[^\d]/g, ''));
}

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await admin.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  for (const id of createdPosts) await admin.delete(`/api/admin/blog/${id}`);
  for (const id of createdEvents) await admin.delete(`/api/admin/events/${id}`);
  await admin.dispose();
});

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test('a visitor finds a post by search and category, opens it, shares it, and the view count rises', async ({
  page,
  context,
  browser,
}) => {
  const title = `Zebra residency ${tag}`;
  const id = await createPost({
    title,
    excerpt: 'Why keeping data in Africa matters for regulated businesses.',
    fullContent: 'First paragraph.\nSecond line <b>stays text</b>.',
    category: blogCategory,
    author: 'Nyota Cloud Team',
    publishedAt: '2026-11-23T09:00:00Z',
    sourceUrl: 'https://example.org/source',
  });
  await createPost({
    title: `Other post ${tag}`,
    excerpt: 'Another article in the same category.',
    fullContent: 'Body.',
    category: blogCategory,
    author: 'Nyota Cloud Team',
  });

  // No native share sheet: the page copies the link instead.
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/blog');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Tech Blog' })).toBeVisible();

  // Search (debounced, prefix-matched by the server).
  await main.getByPlaceholder('Search articles...').fill(`zebra ${tag}`);
  // The grid, not the sidebar's Popular Articles (which lists every post).
  const latest = main.getByRole('region', { name: 'Latest Articles' });
  await expect(latest.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(latest.getByRole('link', { name: `Other post ${tag}`, exact: true })).toHaveCount(0);
  await main.getByPlaceholder('Search articles...').fill('');

  // Category filter, with its count in the sidebar.
  await main.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: blogCategory }).click();
  await expect(main.getByRole('region', { name: 'Latest Articles' }).getByRole('article')).toHaveCount(2);
  await expect(main.getByRole('region', { name: 'Categories' }).getByRole('button', { name: new RegExp(blogCategory) })).toContainText('2');

  await latest.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(`/blog/${id}`);
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Nyota Cloud`);
  await expect(main).toContainText('November 23, 2026');
  // Computed from its 6 words (no read time was set).
  await expect(main).toContainText('1 min read');
  await expect(main).toContainText('Second line <b>stays text</b>.');
  await expect(main.getByRole('link', { name: /Original Source/ })).toHaveAttribute('href', 'https://example.org/source');

  await main.getByRole('button', { name: 'Share' }).click();
  await expect(main.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/blog/${id}`);
  await expect(main.getByRole('button', { name: 'Share' })).toBeVisible({ timeout: 4000 });

  // This visit was counted (through NATS, about a second later): the next
  // visitor sees a higher count.
  // A new visitor each try: a browser keeps the answer for 5 minutes.
  const seen = await shownViews(page);
  await expect(async () => {
    const next = await browser.newContext({ userAgent: browserUserAgent });
    try {
      await presetConsent(next);
      const nextPage = await next.newPage();
      await nextPage.goto(`/blog/${id}`);
      expect(await shownViews(nextPage)).toBeGreaterThan(seen);
    } finally {
      await next.close();
    }
  }).toPass({ timeout: 15_000 });

  // Unknown post.
  await page.goto('/blog/00000000-0000-4000-8000-000000000000');
  await expect(main.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
});

test('a visitor filters events, pages through them, opens one and registers on its link', async ({ page }) => {
  // 13 upcoming events in this run's category: two pages of 12.
  const titles = Array.from({ length: 13 }, (_, i) => `Nairobi meetup ${String(i + 1).padStart(2, '0')} ${tag}`);
  const ids: string[] = [];
  for (const [i, title] of titles.entries()) {
    ids.push(
      await createEvent({
        title,
        description: `Talks and labs on cloud infrastructure, meetup ${i + 1}.`,
        category: eventCategory,
        date: day(10 + i),
        time: '09:00 - 17:00 EAT',
        location: 'Nairobi, Kenya',
        highlights: ['Keynote', 'Hands-on lab'],
        registerLink: i === 0 ? 'https://tickets.example.org/meetup' : undefined,
      }),
    );
  }
  const pastTitle = `Past meetup ${tag}`;
  await createEvent({
    title: pastTitle,
    description: 'Already held.',
    category: eventCategory,
    date: day(-30),
    time: '10:00 - 12:00 EAT',
    location: 'Mombasa, Kenya',
  });

  await page.goto('/events');
  const main = page.getByRole('main');
  const upcoming = main.getByRole('region', { name: 'Upcoming Events' });
  await upcoming.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: eventCategory }).click();
  await expect(upcoming.getByRole('article')).toHaveCount(12);
  const pages = upcoming.getByRole('navigation', { name: 'Event pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  // Page 2 holds the last upcoming event, then the completed one in its own section.
  await expect(upcoming.getByRole('article')).toHaveCount(1);
  await expect(main.getByRole('region', { name: 'Completed Events' }).getByRole('article')).toHaveCount(1);

  // A status change goes back to page 1, and the list's heading follows it.
  await upcoming.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Completed' }).click();
  const completed = main.getByRole('region', { name: 'Completed Events' });
  await expect(completed.getByRole('article')).toHaveCount(1);
  await expect(completed.getByRole('article')).toContainText('COMPLETED');
  await expect(completed.getByRole('article')).toContainText(pastTitle);
  await expect(completed.getByRole('article')).toContainText('This event has ended');
  await completed.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Upcoming' }).click();
  await expect(upcoming.getByRole('article')).toHaveCount(12);

  // Search is trimmed.
  await upcoming.getByPlaceholder('Search events...').fill(`  meetup 01 ${tag} `);
  const card = upcoming.getByRole('article').filter({ hasText: titles[0]! });
  await expect(card).toBeVisible();
  await expect(card).toContainText('UPCOMING');
  await expect(card.getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', 'https://tickets.example.org/meetup');
  await expect(card.getByRole('link', { name: /Register Now/ })).toHaveAttribute('target', '_blank');

  await card.getByRole('link', { name: titles[0]!, exact: true }).click();
  await expect(page).toHaveURL(`/events/${ids[0]}`);
  await expect(main.getByRole('heading', { level: 1, name: titles[0]! })).toBeVisible();
  await expect(page).toHaveTitle(`${titles[0]} | Nyota Cloud Events`);
  await expect(main).toContainText('Nyota Cloud Infrastructure');
  await expect(main.getByRole('heading', { name: 'Event Highlights' })).toBeVisible();
  const join = main.getByRole('complementary', { name: 'Join This Event' });
  await expect(join).toContainText('General Admission');
  await expect(join.getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', 'https://tickets.example.org/meetup');

  await page.goto('/events/00000000-0000-4000-8000-000000000000');
  await expect(main.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
});

test('Stay Connected answers with the §5 texts', async ({ page }) => {
  await page.goto('/events');
  const box = page.getByRole('region', { name: 'Stay Connected' });
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('alert')).toHaveText('Please enter your email address');
  await box.getByLabel('Email address').fill('amina.example.com');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('alert')).toHaveText('Please enter a valid email address');
  await box.getByLabel('Email address').fill('amina@example.com');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toHaveText("Thank you! You'll receive updates about upcoming Nyota events.");
  await expect(box.getByLabel('Email address')).toHaveValue('');
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe (${theme}): the four public pages`, async ({ page, context }) => {
    await presetConsent(context, { theme });
    const postId = await createPost({
      title: `Axe post ${theme} ${tag}`,
      excerpt: 'An article for the accessibility check.',
      fullContent: 'Line one.\nLine two.',
      category: 'Security',
      author: 'Nyota Cloud Team',
      featured: true,
    });
    const eventId = await createEvent({
      title: `Axe event ${theme} ${tag}`,
      description: 'An event for the accessibility check.',
      category: 'Workshop',
      date: day(20),
      time: '09:00 - 17:00 EAT',
      location: 'Nairobi, Kenya',
      highlights: ['Keynote'],
    });
    for (const path of ['/blog', `/blog/${postId}`, '/events', `/events/${eventId}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}

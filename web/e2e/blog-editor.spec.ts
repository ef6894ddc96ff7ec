// The blog post editor on its own addresses (issue 35): creating a post lands
// on its edit page, Schedule publishes it later, Publish now at once, and the
// list fits its frame on a laptop. Everything this run makes carries a tag
// and is deleted afterwards.

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const tag = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let api: APIRequestContext;

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  const posts = await (await api.get(`/api/admin/blog?limit=1000&search=${tag}`)).json();
  for (const post of posts.posts as Array<{ id: string }>) await api.delete(`/api/admin/blog/${post.id}`);
  await api.dispose();
});

test.beforeEach(async ({ context, page }) => {
  await presetConsent(context);
  const login = await page.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
});

interface AdminPost {
  id: string;
  title: string;
  status: string;
  publishedAt: string;
}

async function adminPost(id: string): Promise<AdminPost> {
  const list = (await (await api.get(`/api/admin/blog?limit=1000&search=${tag}`)).json()) as { posts: AdminPost[] };
  const found = list.posts.find((post) => post.id === id);
  if (!found) throw new Error(`post ${id} not in the admin list`);
  return found;
}

async function fillNewPost(page: Page, title: string) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Title' }).fill(title);
  await main.getByRole('combobox', { name: 'Category' }).fill('Infrastructure');
  await main.getByRole('textbox', { name: 'Excerpt' }).fill('Notes from the data center floor.');
  await main.getByRole('textbox', { name: 'Content' }).fill('Racks, power and cooling.');
}

test('a new post lands on its own edit page, is scheduled for a date, then published now', async ({ page }) => {
  const title = `Scheduled rack notes ${tag}`;
  await page.goto('/admin/blogs');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'New post' }).first().click();
  await expect(page).toHaveURL('/admin/blogs/new');
  await expect(main.getByRole('heading', { level: 2, name: 'New post' })).toBeVisible();
  await fillNewPost(page, title);
  await main.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Post created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blogs\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(main.getByRole('heading', { level: 2, name: `Edit post: ${title}` })).toBeVisible();
  expect((await adminPost(id)).status).toBe('draft');

  // The address holds after a reload.
  await page.reload();
  await expect(main.getByRole('heading', { level: 2, name: `Edit post: ${title}` })).toBeVisible();

  // Schedule needs a time ahead.
  const when = main.getByLabel('Publication date and time (Nairobi)');
  await when.fill('2020-01-01T09:00');
  await main.getByRole('button', { name: 'Schedule' }).click();
  await expect(when).toHaveAccessibleDescription(/Pick a date and time after now to schedule the post/);
  expect((await adminPost(id)).status).toBe('draft');

  await when.fill('2099-03-14T09:00');
  await main.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Post scheduled', { exact: true })).toBeVisible();
  const scheduled = await adminPost(id);
  expect(scheduled.status).toBe('published');
  expect(Date.parse(scheduled.publishedAt)).toBe(Date.parse('2099-03-14T06:00:00Z'));
  // Not public before its time.
  expect((await api.get(`/api/blog/${id}`)).status()).toBe(404);

  await main.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Post published', { exact: true })).toBeVisible();
  const published = await adminPost(id);
  expect(published.status).toBe('published');
  expect(Date.parse(published.publishedAt)).toBeLessThanOrEqual(Date.now());
  expect((await api.get(`/api/blog/${id}`)).status()).toBe(200);

  await main.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL('/admin/blogs');
  await main.getByRole('searchbox', { name: 'Search posts' }).fill(`scheduled ${tag}`);
  const row = main.getByRole('table', { name: 'Blog posts' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Published');
});

test('the posts table fits its frame at 1366 px, Delete included', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const created = await api.post('/api/admin/blog', {
    data: {
      title: `A rather long title for checking the table width of the blog admin ${tag}`,
      excerpt: 'Width.',
      fullContent: 'Width.',
      category: 'Infrastructure',
      author: 'Wanjiru Kamau',
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  for (const path of ['/admin/blogs', '/admin/blogs/enhanced']) {
    await page.goto(path);
    const table = page.getByRole('table', { name: 'Blog posts' });
    await expect(table).toBeVisible();
    const fit = await table.evaluate((element) => ({
      table: element.getBoundingClientRect().width,
      frame: element.parentElement!.clientWidth,
    }));
    expect(fit.table, path).toBeLessThanOrEqual(fit.frame);
    const remove = table.getByRole('button', { name: /^Delete / }).first();
    const box = (await remove.boundingBox())!;
    const frame = (await table.locator('..').boundingBox())!;
    expect(box.x + box.width, path).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
  }
});

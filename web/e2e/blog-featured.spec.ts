// /blog's Featured card comes from the server (issue 35): page 1 shows the
// featured post even when twelve newer posts push it to a later page, and
// a post without an image shows the first image of its content on its card.

import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const tag = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const category = `Featured${tag}`;
let admin: APIRequestContext;
const created: string[] = [];
const uploads: string[] = [];

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

async function createPost(data: Record<string, unknown>): Promise<string> {
  const response = await admin.post('/api/admin/blog', {
    data: { excerpt: 'An excerpt.', fullContent: 'Some text.', category, author: 'Nyota Cloud Team', status: 'published', ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  created.push(id);
  return id;
}

/** A 40 × 21 PNG, uploaded for this run. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAVCAIAAAC7eDtJAAAAJUlEQVR42mN4yVA2IIhh1OJRi0ctHrV41OJRi0ctHrV41GKaIwCs+3/1B6vf+gAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await admin.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  for (const id of created) await admin.delete(`/api/admin/blog/${id}`);
  for (const id of uploads) await admin.delete(`/api/admin/uploads/${id}`);
  await admin.dispose();
});

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test('page 1 shows the featured post that twelve newer posts push to page 2', async ({ page }) => {
  await createPost({ title: `Older featured ${tag}`, featured: true, publishedAt: '2025-01-01T09:00:00Z' });
  for (let n = 0; n < 12; n += 1) {
    await createPost({ title: `Newer ${n} ${tag}`, publishedAt: `2025-02-${String(n + 1).padStart(2, '0')}T09:00:00Z` });
  }
  await page.goto('/blog');
  const main = page.getByRole('main');
  await main.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: category }).click();
  const featured = main.getByRole('region', { name: 'Featured Article' });
  await expect(featured.getByRole('link', { name: `Older featured ${tag}` })).toBeVisible();
  const latest = main.getByRole('region', { name: 'Latest Articles' });
  await expect(latest.getByRole('article')).toHaveCount(12);
  await expect(latest.getByRole('link', { name: `Older featured ${tag}` })).toHaveCount(0);

  await main.getByRole('navigation', { name: 'Blog pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(latest.getByRole('link', { name: `Older featured ${tag}` })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Featured Article' })).toHaveCount(0);
});

test('a card without a hero image shows the first image of its content', async ({ page }) => {
  const upload = await admin.post('/api/admin/uploads', {
    multipart: { file: { name: `card-${tag}.png`, mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id, url } = (await upload.json()) as { id: string; url: string };
  uploads.push(id);
  const title = `Illustrated ${tag}`;
  await createPost({ title, fullContent: `Intro.\n\n![rack](${url})\n\nMore.`, publishedAt: '2025-03-01T09:00:00Z' });
  await page.goto('/blog');
  const main = page.getByRole('main');
  await main.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: category }).click();
  const card = main.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card.locator('img')).toHaveAttribute('src', url);
});

// /events in sections (issue 35): upcoming events first, completed ones in a
// section of their own after them, the first card on a phone's first screen,
// and the illustrations dimmed in the dark theme.

import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const tag = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const category = `Sections${tag}`;
let admin: APIRequestContext;
const created: string[] = [];

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

/** A calendar day `days` from today, as YYYY-MM-DD. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await admin.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  for (const [title, days] of [
    [`Past forum ${tag}`, -20],
    [`Next forum ${tag}`, 20],
  ] as const) {
    const response = await admin.post('/api/admin/events', {
      data: { title, description: 'A forum.', category, date: day(days), time: '10:00 - 12:00 EAT', location: 'Nairobi, Kenya' },
    });
    expect(response.status(), await response.text()).toBe(201);
    created.push(((await response.json()) as { id: string }).id);
  }
});

test.afterAll(async () => {
  for (const id of created) await admin.delete(`/api/admin/events/${id}`);
  await admin.dispose();
});

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test('upcoming events come first, completed ones follow in their own section', async ({ page }) => {
  await page.goto('/events');
  const main = page.getByRole('main');
  await main.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: category }).click();
  const upcoming = main.getByRole('region', { name: 'Upcoming Events' });
  const completed = main.getByRole('region', { name: 'Completed Events' });
  await expect(upcoming.getByRole('article')).toHaveText([new RegExp(`Next forum ${tag}`)]);
  await expect(completed.getByRole('article')).toHaveText([new RegExp(`Past forum ${tag}`)]);
  await expect(completed.getByRole('article')).toContainText('COMPLETED');
  const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf('Upcoming Events')).toBeLessThan(headings.indexOf('Completed Events'));
  expect(headings.indexOf('Completed Events')).toBeLessThan(headings.indexOf('Other Events'));
});

test('on a phone the first card starts on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/events');
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.y).toBeLessThan(844 - 200);
});

test('the illustrations are dimmed in the dark theme only', async ({ page }) => {
  await page.goto('/events');
  const image = page.getByRole('main').getByRole('article').first().locator('img');
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => getComputedStyle(element).filter)).toBe('none');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => getComputedStyle(element).filter)).toMatch(/brightness\(0\.75\)/);
});

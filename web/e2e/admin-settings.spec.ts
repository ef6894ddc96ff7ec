// The admin's settings, analytics and database pages against the real stack
// (issue 11): a phone number changed in /admin/settings shows in every
// page's footer from its next load (carried inside the page, no request);
// a visitor who accepted cookies shows up in /admin/analytics; the database
// page lists the migrations; axe finds nothing on the three pages.

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword, axeViolations, presetConsent } from './helpers';

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

// Headless Chromium announces itself as HeadlessChrome, which the gateway
// takes for a bot and does not count; these visitors are people.
const browserUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: browserUserAgent });

let api: APIRequestContext;
let original: unknown;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  original = await (await api.get('/api/site-settings')).json();
});

test.afterAll(async () => {
  // Other specs expect the settings they started with.
  const restored = await api.put('/api/admin/site-settings', { data: original });
  expect(restored.status(), await restored.text()).toBe(200);
  await api.dispose();
});

async function signInAsAdmin(page: Page) {
  const login = await page.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
}

test('an admin changes the phone number and every page shows it from its next load', async ({ page, context, browser }) => {
  await presetConsent(context);
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Site settings', level: 1 })).toBeVisible();
  const phone = `+254 7${String(Date.now()).slice(-2)} ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

  // No save bar until something changes; it stays in view while the page scrolls.
  const bar = page.getByRole('region', { name: 'Save changes' });
  await expect(bar).toBeHidden();
  await page.getByLabel('Phone').fill('call us');
  await expect(bar).toBeVisible();
  await expect(bar.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByLabel('Social link 4 address').scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();

  // A rule is shown by its field before anything is sent, its section opened.
  await page.getByRole('tab', { name: 'Email' }).click();
  await bar.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('tab', { name: /^Brand and contact/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Phone may contain only digits, spaces and + - ( ) .')).toBeVisible();
  await expect(page.getByLabel('Phone')).toBeFocused();

  // Leaving asks first, and Stay keeps what was typed.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Database' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/admin\/settings/);
  await expect(page.getByLabel('Phone')).toHaveValue('call us');

  await page.getByLabel('Phone').fill(phone);
  await bar.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();

  // A visitor's next page load has the new number in its first render:
  // the settings come inside the page, not from a request.
  const visitorContext = await browser.newContext({ userAgent: browserUserAgent });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const settingsRequests: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().includes('/api/site-settings')) settingsRequests.push(request.url());
  });
  await visitor.goto('/contact');
  const footer = visitor.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: phone })).toBeVisible();
  await expect(footer.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
  await visitor.reload();
  await expect(footer.getByRole('link', { name: phone })).toBeVisible();
  expect(settingsRequests).toEqual([]);
  await visitorContext.close();
});

test("the server's refusal is shown beside the field it names", async ({ page, context }) => {
  await presetConsent(context);
  await signInAsAdmin(page);
  // A value the browser's rules do not know (the server's is the last word):
  // sent straight to the API, the answer names its field.
  const refused = await page.request.put('/api/admin/site-settings', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { ...(original as object), supportEmail: 'support' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ message: 'Support email must be a valid email address', field: 'supportEmail' });

  // In the form: a value the browser's rules passed is refused by the server
  // (the request is changed on its way, as a stricter server rule would):
  // the form opens that field's section and shows the server's words by it.
  await page.goto('/admin/settings#security');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  await page.route('**/api/admin/site-settings', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, staffSignInHours: 500 }) });
  });
  await page.getByLabel('Staff sign-in lasts (hours)').fill('8');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Staff sign-in lasts (hours)')).toBeFocused();
  await expect(page.getByLabel('Staff sign-in lasts (hours)')).toHaveAccessibleDescription(
    'Staff sign-in must last a whole number of hours from 1 to 168',
  );
  await expect(page.getByRole('region', { name: 'Save changes' }).getByText('The settings were not saved')).toBeVisible();
});

test('a visitor who accepted cookies shows up in the analytics', async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  const visitorContext = await browser.newContext({ userAgent: browserUserAgent });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const counted = visitor.waitForResponse((response) => response.url().endsWith('/api/analytics/pageview'));
  await visitor.goto('/testimonials');
  expect((await counted).status()).toBe(204);
  await visitorContext.close();

  // A visitor who declined sends nothing at all.
  const declinedContext = await browser.newContext({ userAgent: browserUserAgent });
  await presetConsent(declinedContext, { consent: false });
  const declined = await declinedContext.newPage();
  const beacons: string[] = [];
  declined.on('request', (request) => {
    if (request.url().includes('/api/analytics/pageview')) beacons.push(request.url());
  });
  await declined.goto('/about');
  await expect(declined.getByRole('heading', { level: 1 })).toBeVisible();
  await declined.waitForTimeout(500);
  expect(beacons).toEqual([]);
  await declinedContext.close();

  await presetConsent(context);
  await signInAsAdmin(page);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  // The worker adds views up about once a second.
  await expect(async () => {
    await page.reload();
    const pages = page.getByRole('table', { name: 'Top pages' });
    await expect(pages.getByRole('cell', { name: '/testimonials', exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Page views and unique visitors per day')).toBeVisible();
  // The visitor is one unique visitor (a daily-salted hash of address and browser).
  const visitors = page.getByText('Unique visitors', { exact: true }).locator('..');
  await expect(visitors.getByText(/^[1-9]\d*$/)).toBeVisible();
});

test('the database page lists the migrations, tables and streams', async ({ page, context }) => {
  await presetConsent(context);
  await signInAsAdmin(page);
  await page.goto('/admin/database');
  const migrations = page.getByRole('table', { name: /applied migrations, oldest first/ });
  await expect(migrations.getByRole('cell', { name: 'create users', exact: true })).toBeVisible();
  await expect(migrations.getByRole('cell', { name: 'create page views', exact: true })).toBeVisible();
  const tables = page.getByRole('table', { name: /Tables of the public schema/ });
  await expect(tables.getByRole('cell', { name: 'site_settings', exact: true })).toBeVisible();
  // Counted, never "Not analysed" (this Postgres runs without autovacuum).
  await expect(tables.getByRole('row', { name: /^users [1-9]\d* / })).toBeVisible();
  await expect(tables.getByText(/Not analysed/)).toHaveCount(0);
  const intake = page.getByRole('table', { name: /INTAKE: \d+ messages stored \(all subjects\)/ });
  await expect(intake.getByRole('row', { name: /^analytics \S*intake\.pageview / })).toBeVisible();
  await expect(intake.getByRole('columnheader', { name: 'Oldest waiting' })).toHaveAttribute('title', /oldest message/);
  await expect(page.getByLabel('What the consumer figures mean')).toContainText('Not delivered');
  await expect(page.getByRole('heading', { name: 'Dead letters' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the settings, analytics and database pages pass axe (${theme})`, async ({ page, context }) => {
    await presetConsent(context, { theme });
    await signInAsAdmin(page);
    for (const [path, ready] of [
      ['/admin/settings', () => page.getByRole('tablist', { name: 'Settings sections' })],
      ['/admin/analytics', () => page.getByText('Page views and unique visitors per day')],
      ['/admin/database', () => page.getByRole('heading', { name: 'Migrations' })],
    ] as const) {
      await page.goto(path);
      await expect(ready()).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}

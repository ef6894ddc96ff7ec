// The audit screen against the real stack (issue 40, item 6): an admin
// changes a setting, finds it on /admin/audit filtered by entity and
// actor, exports the CSV and reads the file, and sees the export itself
// recorded. With SHOTS_DIR set, screenshots of the screen at 1366×768 and
// 390 px, light and dark:
// SHOTS_DIR=/work/shots-audit ./infra/e2e e2e/admin-audit.spec.ts

import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword, axeViolations, presetConsent } from './helpers';

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

const shotsDir = process.env.SHOTS_DIR;

let api: APIRequestContext;
let original: Record<string, unknown>;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  original = await (await api.get('/api/site-settings')).json();
});

test.afterAll(async () => {
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

test('a setting changed is found on the audit screen, filtered, and exported as CSV', async ({ page, context }) => {
  await presetConsent(context);
  await signInAsAdmin(page);
  const phone = `+254 7${String(Date.now()).slice(-2)} ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  await page.goto('/admin/settings');
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('region', { name: 'Save changes' }).getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Filter the audit log' });
  await form.getByLabel('What (entity)').fill('site_settings');
  const mine = form.getByLabel('Who').locator('option', { hasText: `(${adminEmail})` });
  await expect(mine).toHaveCount(1);
  await form.getByLabel('Who').selectOption((await mine.getAttribute('value'))!);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('Changed site settings: phone');
  await expect(first).toContainText(adminEmail!);
  await expect(first).toContainText('EAT');
  // The details open from the keyboard.
  await first.getByText('Details').focus();
  await page.keyboard.press('Enter');
  await expect(first.getByText(/"phone"/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('When (EAT),When (UTC),Actor,Actor email,Action,Entity,Entity id,Summary,Details,Id');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines[1]).toContain(`,${adminEmail},update,site_settings,`);
  expect(lines[1]).toContain('Changed site settings: phone');
  for (const line of lines.slice(1)) expect(line).toContain(',site_settings,');

  // The export is on record, with its filters.
  await form.getByLabel('What (entity)').fill('audit_log');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(/Exported audit log, \d+ rows?/);

  // A refusal is said in words.
  await form.getByLabel('What (entity)').fill('no such thing!');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText(/entity must be a name like site_settings/)).toBeVisible();
});

test('screenshots of the audit screen', async ({ browser }) => {
  test.skip(!shotsDir, 'SHOTS_DIR is not set');
  test.setTimeout(180_000);
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      await presetConsent(context, { theme });
      const page = await context.newPage();
      await signInAsAdmin(page);
      await page.goto('/admin/audit');
      await expect(page.getByRole('table', { name: 'Audit log entries, newest first' })).toBeVisible();
      await page.getByRole('table').getByText('Details').first().click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shotsDir}/audit-${viewport.width}-${theme}.png` });
      await page.getByRole('table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shotsDir}/audit-table-${viewport.width}-${theme}.png` });
      await context.close();
    }
  }
});

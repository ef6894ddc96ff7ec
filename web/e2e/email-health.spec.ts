// Outgoing email in the admin (issue 35): while the workers report email
// off or failing, every admin page shows a banner and the overview a tile,
// and the public pages are told email is off. The e2e platform's workers
// send through a real SMTP sink; to see the other states this test writes
// the record the workers keep (email_health) as workers started without
// SMTP_URL, or meeting a dead server, would, and puts it back afterwards.

import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const databaseUrl = process.env.DATABASE_URL;

test.skip(!adminEmail || !adminPassword || !databaseUrl, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD / DATABASE_URL not set');

function sql(statement: string): string {
  return execFileSync('psql', [databaseUrl!, '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8' }).trim();
}

let saved = '';

test.beforeAll(() => {
  saved = sql(
    "select coalesce(json_agg(email_health)::text, '[]') from email_health",
  );
});

test.afterAll(() => {
  sql('delete from email_health');
  sql(`insert into email_health select * from json_populate_recordset(null::email_health, '${saved.replace(/'/g, "''")}')`);
});

test.beforeEach(async ({ context, page }) => {
  await presetConsent(context);
  const login = await page.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
});

test('with email working there is no banner, and the public pages are told email is on', async ({ page }) => {
  sql("delete from email_health; insert into email_health (configured, last_success_at) values (true, now())");
  await page.goto('/admin');
  await expect(page.getByRole('main').getByText('Outgoing email', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Working', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Outgoing email' })).toHaveCount(0);
  expect(await (await page.request.get('/api/email-status')).json()).toEqual({ emailEnabled: true });
});

test('with email off every admin page says so, and no public text promises an email', async ({ page }) => {
  sql('delete from email_health; insert into email_health (configured) values (false)');
  await page.goto('/admin');
  const banner = page.getByRole('alert').filter({ hasText: 'Outgoing email is off' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('SMTP_URL is not set');
  await expect(page.getByRole('main').getByText('Off', { exact: true })).toBeVisible();
  await page.goto('/admin/blogs');
  await expect(banner).toBeVisible();

  expect(await (await page.request.get('/api/email-status')).json()).toEqual({ emailEnabled: false });
  const asked = await page.request.post('/api/privacy/requests', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: 'amina@example.com', kind: 'access', details: 'Please' },
  });
  expect(asked.status()).toBe(202);
  expect(((await asked.json()) as { message: string }).message).not.toContain('We have emailed');
});

test('with email failing the banner gives the last error and the last success, in EAT', async ({ page }) => {
  const banner = page.getByRole('alert').filter({ hasText: 'Outgoing email is failing' });
  // The platform's workers keep sending for real (a reply sweep of an earlier
  // spec's chat, say) and record each success: should one land between the
  // write and the page, the record is written again and the page read again.
  await expect(async () => {
    sql(
      "delete from email_health; insert into email_health (configured, last_success_at, last_failure_at, last_error) " +
        "values (true, '2026-11-27T06:00:00Z', now(), 'SMTP send failed: Connection refused')",
    );
    await page.goto('/admin');
    await expect(banner).toContainText('SMTP send failed: Connection refused', { timeout: 3_000 });
    await expect(banner).toContainText('Last success: Nov 27, 09:00 EAT', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('main').getByText('Failing', { exact: true })).toBeVisible();
});

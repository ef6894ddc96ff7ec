import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminEmail, adminPassword, axeViolations, presetConsent, registerViaApi, uniqueEmail } from './helpers';
import { linkInMail, mailCatcherUrl } from './mailbox';

test.beforeEach(async ({ context }) => {
  test.skip(!mailCatcherUrl, 'MAIL_CATCHER_URL not set (run through ./infra/e2e)');
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  await presetConsent(context);
});

test('a person asks for their data on /privacy, confirms by email, staff send the export, and the archive downloads', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('privacy');
  await registerViaApi(page.request, email);

  await page.goto('/privacy');
  const form = page.getByRole('region', { name: 'Make a privacy request' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('radio', { name: /Access/ }).check();
  await form.getByLabel('Details (optional)').fill('Everything you hold about me, please.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByRole('status')).toContainText(
    'Thank you. We have emailed a link to this address: please open it to confirm your request. Nothing happens until you do.',
  );
  expect(await axeViolations(page)).toEqual([]);

  const confirm = await linkInMail(email, 'Confirm your privacy request', '/api/privacy/requests/confirm?token=');
  // Opening the link only asks (a mail scanner that follows it confirms nothing).
  await page.goto(confirm);
  await expect(page).toHaveURL(/\/privacy\?request=confirm&token=.*#privacy-request$/);
  // It lands on the question, not on the top of the long policy.
  await expect(page.getByRole('button', { name: 'Confirm my request' })).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm my request' }).click();
  await expect(page).toHaveURL(/\/privacy\?request=confirmed$/);
  await expect(page.getByText('Your request is confirmed.')).toBeVisible();

  // Staff, in another browser.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  const login = await admin.request.post('/api/login', {
    data: { email: adminEmail, password: adminPassword },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(login.status(), await login.text()).toBe(200);
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: /admin/i }).getByRole('link', { name: 'Privacy requests' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();
  const card = admin.getByRole('listitem', { name: `Access (copy of data) request from ${email}` });
  await expect(card.getByText('Acknowledge (72 hours)')).toBeVisible();
  await expect(card.getByText('Everything you hold about me, please.')).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await card.getByRole('button', { name: 'Mark acknowledged' }).click();
  await expect(card.getByText(/^Done /).first()).toBeVisible();
  await card.getByRole('button', { name: 'Send the export' }).click();
  await expect(card.getByText('Fulfilled')).toBeVisible();
  await staff.close();

  const download = await linkInMail(email, 'Your data from Nyota Cloud is ready', '/api/privacy/exports?token=');
  const downloading = page.waitForEvent('download');
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    document.body.appendChild(a);
    a.click();
  }, download);
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('nyota-your-data.zip');
  const archive = readFileSync((await file.path())!);
  expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  const text = archive.toString('utf8');
  expect(text).toContain('data.json');
  expect(text).toContain('summary.html');
  expect(text).toContain(email);
});

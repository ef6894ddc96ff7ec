import { expect, test, type Page } from '@playwright/test';
import { adminEmail, adminPassword, axeViolations, presetConsent, signedInAdmin } from './helpers';

// The server drops, as a bot's, a form sent less than 3 s after it was shown.
const MIN_FILL_MS = 3_000;

/** Waits until the form shown at `shownAt` has been on screen long enough for a person. */
async function afterHumanFillTime(page: Page, shownAt: number) {
  const left = shownAt + MIN_FILL_MS + 200 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test('a visitor sends the contact form; an admin sees it on /admin and marks it handled', async ({ page, browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(60_000);
  const subject = `Colocation quote ${Date.now().toString(36)}`;

  await page.goto('/contact');
  const form = page.locator('form#contact-form');
  await expect(form.getByLabel('Name')).toBeVisible();
  const shownAt = Date.now();
  await form.getByLabel('Name').fill('Amina Otieno');
  await form.getByLabel('Email').fill('amina@example.com');
  await form.getByLabel('Phone (optional)').fill('+254 700 000 001');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Two racks in Nairobi, please.');
  await afterHumanFillTime(page, shownAt);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent', { exact: true })).toBeVisible();
  await expect(page.getByText("Thank you! We'll get back to you soon.", { exact: true })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');

  const { context, page: admin } = await signedInAdmin(browser, baseURL!);
  await admin.goto('/admin');
  const overview = admin.getByRole('region', { name: 'Needs attention' });
  await expect(overview.getByRole('link', { name: /New contact requests/ })).toHaveAttribute('href', '/admin/requests#inbox');
  // The inbox has its own page; the tile's link leads there.
  await overview.getByRole('link', { name: /New contact requests/ }).click();
  await expect(admin).toHaveURL(/\/admin\/requests#inbox$/);
  const inbox = admin.getByRole('region', { name: 'Contact and demo requests' });
  // The worker stores the request moments after the 202.
  const request = inbox.getByRole('article', { name: subject });
  await expect(async () => {
    await admin.reload();
    await expect(request).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(request).toContainText('Amina Otieno');
  await expect(request).toContainText('Two racks in Nairobi, please.');
  await expect(request.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
    'href',
    `mailto:amina@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  expect(await axeViolations(admin)).toEqual([]);

  await request.getByRole('button', { name: 'Assign to me' }).click();
  await expect(request).toContainText('Assigned to you');
  await request.getByRole('button', { name: 'Mark handled' }).click();
  // The New filter no longer lists it; Handled does.
  await expect(request).toHaveCount(0);
  await inbox.getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(request).toBeVisible();
  await expect(request).toContainText('Handled by');
  await context.close();
});

test('the demo form on /solutions/nyota-finance shows the success text', async ({ page }) => {
  await page.goto('/solutions/nyota-finance');
  const form = page.locator('#request-demo form');
  await form.scrollIntoViewIfNeeded();
  const shownAt = Date.now();
  await form.getByLabel('Name').fill('Baraka Mwangi');
  await form.getByLabel('Email').fill('baraka@example.com');
  await form.getByLabel('Company (optional)').fill('Lakeside Bank');
  await form.getByLabel('Subject').fill('Google Workspace for 40 people');
  await form.getByLabel('Message').fill('We would like a demo next week.');
  await afterHumanFillTime(page, shownAt);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Thank you! Your demo request has been submitted successfully. Our team will contact you within 24 hours.',
  );
  await expect(form.getByLabel('Name')).toHaveValue('');
});

test('/admin with its overview and inbox has no axe violations in the dark theme', async ({ browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  const context = await browser.newContext({ baseURL });
  await presetConsent(context, { theme: 'dark' });
  const admin = await context.newPage();
  const login = await admin.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
  await admin.goto('/admin');
  await expect(admin.getByRole('region', { name: 'Needs attention' }).getByRole('link').first()).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await admin.goto('/admin/requests');
  // The first test left a handled request: show it, status chip and all.
  const inbox = admin.getByRole('region', { name: 'Contact and demo requests' });
  await inbox.getByRole('button', { name: 'All', exact: true }).click();
  await expect(inbox.getByRole('article').first()).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await context.close();
});

// The admin's navigation (issue 25): a sidebar of the role's sections with the
// current one marked, a drawer on a phone, and an overview that fits one screen.

import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent, uniqueEmail } from './helpers';
import { linkInMail, mailCatcherUrl } from './mailbox';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };

async function adminPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  await presetConsent(context);
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { headers, data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  return { context, page };
}

async function expectNoPageScroll(page: Page) {
  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
}

test.beforeEach(() => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
});

test('at 1366×768 the sidebar lists the sections, marks the current one and navigates; /admin fits the screen', async ({ browser, baseURL }) => {
  const { context, page } = await adminPage(browser, baseURL, { width: 1366, height: 768 });
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText(['Overview', 'Chat', 'Requests', 'Privacy requests', 'Blog', 'Events', 'Uploads', 'Analytics', 'Agents', 'Teams', 'Settings', 'Database', 'Audit log']);
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Needs attention' }).getByRole('link', { name: /Chats waiting/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expectNoPageScroll(page);
  // Every tile is on screen, none below the fold.
  for (const tile of await page.getByRole('region', { name: 'Needs attention' }).getByRole('link').all()) {
    await expect(tile).toBeInViewport({ ratio: 1 });
  }

  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');

  // The enhanced editor counts as its section.
  await page.goto('/admin/blogs/enhanced');
  await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Requests', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expect(page.getByRole('region', { name: 'Contact and demo requests' })).toBeVisible();
  await context.close();
});

test('at 390×844 the menu button opens the drawer; a link navigates and closes it', async ({ browser, baseURL }) => {
  const { context, page } = await adminPage(browser, baseURL, { width: 390, height: 844 });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // No sidebar squeezing the page: it is behind the menu button.
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Admin sections' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Overview' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await drawer.getByRole('link', { name: 'Uploads' }).click();
  await expect(page).toHaveURL(/\/admin\/uploads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uploads' })).toBeVisible();
  await expect(drawer).toBeHidden();
  await context.close();
});

test("a support agent's sidebar shows only the chat console", async ({ page, browser, baseURL }) => {
  test.skip(!mailCatcherUrl, 'MAIL_CATCHER_URL not set (run through ./infra/e2e)');
  test.setTimeout(90_000);
  await presetConsent(page.context());
  const login = await page.request.post('/api/login', { headers, data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  const email = uniqueEmail('navagent');
  await page.goto('/admin/agents');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Neema Wairimu');
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  const link = await linkInMail(email, "You're invited to the Nyota Cloud support team", '/reset-password?token=');

  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  await presetConsent(context);
  const agent = await context.newPage();
  await agent.goto(link);
  await agent.getByLabel('New password', { exact: true }).fill('neema-Pass-1');
  await agent.getByLabel('Confirm new password').fill('neema-Pass-1');
  await agent.getByRole('button', { name: 'Set password' }).click();
  await expect(agent.getByText(/Welcome to the team/)).toBeVisible();
  const signedIn = await agent.request.post('/api/login', { headers, data: { email, password: 'neema-Pass-1' } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await agent.goto('/admin/chat');
  const nav = agent.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/admin/chat');
  await context.close();
});

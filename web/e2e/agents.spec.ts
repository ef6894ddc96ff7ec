import { expect, test } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent, uniqueEmail } from './helpers';
import { linkInMail, sinkDir } from './mailbox';

test.beforeEach(async ({ context }) => {
  test.skip(!sinkDir, 'SMTP_SINK_DIR not set (run through ./infra/e2e)');
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  await presetConsent(context);
});

test('an admin invites a support agent, who sets a password from the email and sees only the chat console', async ({ page, browser }) => {
  const login = await page.request.post('/api/login', {
    data: { email: adminEmail, password: adminPassword },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(login.status(), await login.text()).toBe(200);

  const email = uniqueEmail('agent');
  await page.goto('/admin/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Zawadi Njeri');
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  await expect(page.getByRole('row', { name: /Zawadi Njeri/ })).toContainText('Invited, no password yet');

  const link = await linkInMail(email, "You're invited to the Nyota Cloud support team", '/reset-password?token=');
  const agentContext = await browser.newContext();
  await presetConsent(agentContext);
  const agent = await agentContext.newPage();
  await agent.goto(link);
  await expect(agent.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await agent.getByLabel('New password', { exact: true }).fill('zawadi-Pass-1');
  await agent.getByLabel('Confirm new password').fill('zawadi-Pass-1');
  await agent.getByRole('button', { name: 'Set password' }).click();
  await expect(agent.getByText(/Welcome to the team/)).toBeVisible();

  await agent.goto('/login');
  await agent.getByLabel('Email').fill(email);
  await agent.getByLabel('Password').fill('zawadi-Pass-1');
  await agent.getByRole('button', { name: 'Sign In' }).click();
  await expect(agent).toHaveURL(/\/admin\/chat$/);
  await expect(agent.getByRole('heading', { level: 1, name: 'Live chat console' })).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Chat console' }).first()).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await expect(agent.getByRole('button', { name: 'Open chat' })).toHaveCount(0);

  await agent.goto('/admin/settings');
  await expect(agent.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  expect((await agent.request.get('/api/admin/overview')).status()).toBe(403);
  await agentContext.close();
});

// The widget's away line against the real stack (issues 24 and 35): with no
// agent online, outside live chat's business hours (a site setting), the
// visitor is told the team is away and when it is back, until an agent
// answers; then the status line says who is there, without a reload.

import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminEmail, adminPassword, openAdminConsole, presetConsent } from './helpers';

let api: APIRequestContext;
let original: Record<string, unknown>;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  original = await (await api.get('/api/site-settings')).json();
  // Open one hour on a day that is not today in Nairobi (UTC+3): closed now.
  const todayEat = ((new Date(Date.now() + 3 * 3_600_000).getUTCDay() + 6) % 7) + 1;
  const otherDay = (todayEat % 7) + 1;
  const closed = await api.put('/api/admin/site-settings', {
    data: { ...original, chatHours: { days: [otherDay], opens: '08:00', closes: '09:00' } },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  // Nobody online: the admin away by choice, and no console of an earlier test still counted.
  const away = await api.put('/api/agent/status', { data: { status: 'away' } });
  expect(away.status(), await away.text()).toBe(200);
  await expect
    .poll(async () => (await (await api.get('/api/chat/availability')).json()).agentsOnline, { timeout: 45_000 })
    .toBe(false);
});

test.afterAll(async () => {
  if (!api) return;
  // Other specs expect the settings they started with.
  const restored = await api.put('/api/admin/site-settings', { data: original });
  expect(restored.status(), await restored.text()).toBe(200);
  const online = await api.put('/api/agent/status', { data: { status: 'online' } });
  expect(online.status(), await online.text()).toBe(200);
  await api.dispose();
});

test('with nobody online outside hours the away line shows until an agent answers, then says who is there', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  // The visitor writes while no agent's console is open: the chat waits.
  const visitorContext = await browser.newContext({ baseURL });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const visitorName = `Akinyi ${Date.now().toString(36)}`;
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  const away = panel.getByText(/^Our team is away right now and back .+ at 08:00 EAT\./);
  // The start form says so too.
  await expect(away).toBeVisible();
  await panel.getByLabel('Name').fill(visitorName);
  await panel.getByLabel('Email').fill('akinyi@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  const messageBox = panel.getByRole('textbox', { name: 'Message' });
  await messageBox.fill('Is anyone there?');
  await messageBox.press('Enter');
  await expect(panel.getByRole('log').getByText('Is anyone there?')).toBeVisible();
  await expect(away).toBeVisible();

  // An agent (away by choice, so never assigned by the queue) opens the
  // console and answers: the line changes without a reload.
  const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
  await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const reply = agent.getByRole('region', { name: visitorName }).getByRole('textbox', { name: 'Reply' });
  await reply.fill('Yes, how can I help?');
  await reply.press('Enter');
  await expect(panel.getByRole('log').getByText('Yes, how can I help?')).toBeVisible();
  await expect(panel.getByRole('log').getByText(/joined the chat/)).toBeVisible();
  await expect(away).toBeHidden();
  const connected = panel.locator('[role=status][data-line]');
  await expect(connected).toHaveText(/^You're connected to .+\.$/);

  // Reopened later, the chat still has its agent: no notice.
  await visitor.reload();
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  await expect(panel.getByRole('log').getByText('Yes, how can I help?')).toBeVisible();
  await expect(away).toBeHidden();
  await expect(connected).toHaveText(/^You're connected to .+\.$/);

  await agentContext.close();
  await visitorContext.close();
});

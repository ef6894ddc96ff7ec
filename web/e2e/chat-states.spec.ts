// A chat's states in the console (issue 40): a pending chat coming back to
// Open when its visitor writes; with SHOTS_DIR, screenshots of the inbox with
// open, pending and snoozed chats and the snooze menu.

import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { adminApi, adminEmail, adminPassword, openAdminConsole, presetConsent, roomForChats } from './helpers';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const shotsDir = process.env.SHOTS_DIR;

async function visitorChat(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, name: string, line: string) {
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const started = await visitor.post('/api/chat/sessions', {
    data: { visitorName: name, visitorEmail: 'states@example.com', pageUrl: '/pricing' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { sessionId } = (await started.json()) as { sessionId: string };
  const sent = await visitor.post(`/api/chat/sessions/${sessionId}/messages`, { data: { message: line } });
  expect(sent.status(), await sent.text()).toBe(201);
  return { visitor, sessionId, name };
}

async function answer(api: APIRequestContext, sessionId: string, text: string) {
  const sent = await api.post(`/api/chat/sessions/${sessionId}/messages`, { data: { message: text } });
  expect(sent.status(), await sent.text()).toBe(201);
}

test('a pending chat comes back to Open when its visitor writes', async ({ browser, baseURL, playwright }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(90_000);
  const api = await adminApi(playwright, baseURL!);
  const restore = await roomForChats(api, 1);
  const name = `Pendo ${Date.now().toString(36)}`;
  const { visitor, sessionId } = await visitorChat(playwright, baseURL, name, 'Can I pay by M-Pesa?');
  await answer(api, sessionId, 'Yes. Which plan would you like?');
  const { context, page } = await openAdminConsole(browser, baseURL!);
  const inbox = page.getByRole('region', { name: 'Inbox' });
  const row = inbox.locator(`[data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible();
  await row.click();
  await page.getByRole('button', { name: 'Mark pending' }).click();
  // Out of Open (the default view), counted under Pending.
  await expect(row).toHaveCount(0);
  await inbox.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Pending\b/ }).click();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');
  await inbox.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Open\b/ }).click();
  await expect(row).toHaveCount(0);

  const sent = await visitor.post(`/api/chat/sessions/${sessionId}/messages`, { data: { message: 'The Pro plan, please' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText('The Pro plan, please');
  await expect(page.getByText('Open, awaiting reply').first()).toBeVisible();

  const resolved = await api.post(`/api/agent/chats/${sessionId}/resolve`, { data: {} });
  expect(resolved.status()).toBe(200);
  await restore();
  await context.close();
  await visitor.dispose();
  await api.dispose();
});

test('screenshots of the inbox with states', async ({ browser, baseURL, playwright }) => {
  test.skip(!shotsDir || !adminEmail || !adminPassword, 'SHOTS_DIR or the admin is not set');
  test.setTimeout(300_000);
  const api = await adminApi(playwright, baseURL!);
  const restore = await roomForChats(api, 3);
  const stamp = Date.now().toString(36);
  const open = await visitorChat(playwright, baseURL, `Amina ${stamp}`, 'Is bare metal available in Nairobi?');
  const pending = await visitorChat(playwright, baseURL, `Baraka ${stamp}`, 'What does the Pro plan include?');
  const snoozed = await visitorChat(playwright, baseURL, `Chebet ${stamp}`, 'Please call me tomorrow morning');
  await answer(api, pending.sessionId, 'Sent you the plan sheet: anything else?');
  await answer(api, snoozed.sessionId, 'Sure, we will call at opening.');
  expect((await api.post(`/api/agent/chats/${pending.sessionId}/state`, { data: { state: 'pending' } })).status()).toBe(200);
  const snooze = await api.post(`/api/agent/chats/${snoozed.sessionId}/state`, {
    data: { state: 'snoozed', snoozePreset: 'tomorrow_opening' },
  });
  expect(snooze.status(), await snooze.text()).toBe(200);

  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport, colorScheme: theme });
      await presetConsent(context, { theme });
      const page = await context.newPage();
      const login = await page.request.post('/api/login', { headers, data: { email: adminEmail, password: adminPassword } });
      expect(login.status()).toBe(200);
      const shot = (name: string) => page.screenshot({ path: `${shotsDir}/${name}-${viewport.width}-${theme}.png` });
      await page.goto('/admin/chat');
      await expect(page.getByText('Live updates on')).toBeVisible();
      const inbox = page.getByRole('region', { name: 'Inbox' });
      await inbox.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^All\b/ }).click();
      await expect(inbox.locator(`[data-session-id="${snoozed.sessionId}"]`)).toContainText('Snoozed until');
      await page.waitForTimeout(300);
      await shot('inbox-states');
      if (viewport.width > 1000) {
        await inbox.locator(`[data-session-id="${snoozed.sessionId}"]`).click();
        await page.getByRole('button', { name: /^Snooze again/ }).click();
        await expect(page.getByRole('group', { name: 'Snooze until' })).toBeVisible();
        await page.waitForTimeout(300);
        await shot('snooze-menu');
        await page.keyboard.press('Escape');
        // Two rows selected by their checkboxes (Space), the bulk bar above the list.
        await inbox.getByRole('checkbox', { name: `Select the chat with ${open.name}` }).focus();
        await page.keyboard.press('Space');
        await inbox.getByRole('checkbox', { name: `Select the chat with ${pending.name}` }).check();
        await expect(inbox.getByRole('group', { name: 'Selected chats' })).toContainText('2 selected');
        await shot('inbox-bulk');
      }
      await context.close();
    }
  }
  for (const chat of [open, pending, snoozed]) {
    await api.post(`/api/agent/chats/${chat.sessionId}/resolve`, { data: {} });
    await chat.visitor.dispose();
  }
  await restore();
  await api.dispose();
});

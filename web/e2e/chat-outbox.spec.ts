// The chat's outbox on a link that fails: messages typed offline, or whose
// answer is lost, wait in the log as "Sending…" and go on their own once the
// server is reachable, each stored once and in the order typed, through a
// reload too; a message stored whose answer was lost is resent and stored
// once; the reply box keeps its text across a reload.

import { expect, test, type Page } from '@playwright/test';
import { adminEmail, adminPassword, openAdminConsole, presetConsent } from './helpers';

const messagesPath = /\/api\/chat\/sessions\/[^/]+\/messages$/;

async function startChat(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(`Outbox ${Date.now().toString(36)}`);
  await panel.getByLabel('Email').fill('outbox@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  const box = panel.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeVisible();
  return { panel, box };
}

/** The visitor's messages as the server stored them, oldest first. */
async function storedTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('chat-session') ?? '{}') as { sessionId?: string };
    const response = await fetch(`/api/chat/sessions/${stored.sessionId}/messages`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const list = (await response.json()) as Array<{ senderType: string; message: string }>;
    return list.filter((m) => m.senderType === 'user').map((m) => m.message);
  });
}

test('messages typed offline wait as Sending… and are stored once, in order, when the link is back', async ({ page, context }) => {
  await presetConsent(context);
  const { panel, box } = await startChat(page);
  const log = panel.getByRole('log');
  // The history has loaded (the chat's first notice) before the link goes.
  await expect(log.locator('[data-message-id]').first()).toBeVisible();

  await context.setOffline(true);
  for (const text of ['one', 'two', 'three']) {
    await box.fill(text);
    await box.press('Enter');
    await expect(box).toHaveValue('');
  }
  await expect(log.getByText('Sending…')).toHaveCount(3);
  await expect(panel.getByText(/Not sent/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Failed to send message. Please try again.')).toHaveCount(0);

  await context.setOffline(false);
  await expect(log.getByText('Sending…')).toHaveCount(0, { timeout: 15_000 });
  await expect(log.locator('[data-message-id] p')).toHaveText(['one', 'two', 'three']);
  expect(await storedTexts(page)).toEqual(['one', 'two', 'three']);
});

test('unsent messages and the draft survive a reload, and a lost answer does not store a message twice', async ({ page, context }) => {
  await presetConsent(context);
  // Every socket of the page passes through here. Cut: the first message sent
  // on the socket reaches the server, then the link drops before its answer
  // (the stored message's frame), and nothing gets through after, on the
  // socket or by POST (where the outbox turns with the socket down).
  let cut = false;
  let forwarded = false;
  let joined = false;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (cut) return void ws.close();
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (typeof frame === 'string' && frame.includes('"session_joined"')) joined = true;
      ws.send(frame);
    });
    ws.onMessage((frame) => {
      if (cut && typeof frame === 'string' && frame.includes('"send_message"')) {
        if (!forwarded) server.send(frame);
        forwarded = true;
        return void ws.close();
      }
      server.send(frame);
    });
  });
  const refusePosts = (route: import('@playwright/test').Route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue();
  await page.route(messagesPath, refusePosts);
  const { panel, box } = await startChat(page);
  // The chat joined on the socket first (on a busy machine the first message
  // could otherwise be typed before, and go by POST).
  await expect.poll(() => joined).toBe(true);

  cut = true;
  for (const text of ['four', 'five']) {
    await box.fill(text);
    await box.press('Enter');
  }
  await box.fill('a draft not sent yet');
  await expect.poll(() => forwarded).toBe(true);
  // "four" reached the server, but the page cannot know: both wait.
  const log = panel.getByRole('log');
  await expect(log.locator('[data-pending-id]')).toHaveCount(2);

  await page.reload();
  await page.getByRole('button', { name: 'Open chat' }).click();
  const reopened = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await expect(reopened.getByRole('textbox', { name: 'Message' })).toHaveValue('a draft not sent yet');
  // The history read on load has "four" (stored, with its client id): it
  // shows once, as stored; "five" waits.
  await expect(reopened.getByRole('log').locator('[data-message-id]').filter({ hasText: 'four' })).toHaveCount(1);
  const pending = reopened.getByRole('log').locator('[data-pending-id]');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('five');
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('chat-outbox') ?? '[]') as Array<{ message: string }>).map((e) => e.message))).toEqual([
    'four',
    'five',
  ]);

  // The link is back: "four" goes again as a resend and is answered with the
  // stored one, "five" is stored; each once, in order, with no click.
  cut = false;
  await page.unroute(messagesPath, refusePosts);
  await expect(reopened.getByRole('log').getByText('Sending…')).toHaveCount(0, { timeout: 40_000 });
  expect(await storedTexts(page)).toEqual(['four', 'five']);
  await expect(reopened.getByRole('textbox', { name: 'Message' })).toHaveValue('a draft not sent yet');
});

test('an agent reply typed offline waits as Sending… and is stored once, in order, when the link is back', async ({ browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  const visitorContext = await browser.newContext({ baseURL });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  await startChat(visitor);
  const visitorName = await visitor.evaluate(() => (JSON.parse(localStorage.getItem('chat-session') ?? '{}') as { visitorName: string }).visitorName);

  const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
  await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const conversation = agent.getByRole('region', { name: visitorName });
  const log = conversation.getByRole('log');
  await expect(log.locator('[data-message-id]').first()).toBeVisible();
  const reply = conversation.getByRole('textbox', { name: 'Reply' });

  await agentContext.setOffline(true);
  for (const text of ['Checking now', 'Found it']) {
    await reply.fill(text);
    await reply.press('Enter');
    await expect(reply).toHaveValue('');
  }
  await expect(log.getByText('Sending…')).toHaveCount(2);

  await agentContext.setOffline(false);
  await expect(log.getByText('Sending…')).toHaveCount(0, { timeout: 15_000 });
  // The visitor gets both, once each, in the order typed.
  const visitorLog = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' }).getByRole('log');
  await expect(visitorLog.locator('[data-message-id] p')).toHaveText(['Checking now', 'Found it']);
  await agentContext.close();
  await visitorContext.close();
});

test('a page reloaded while offline loses nothing: back online, what each side typed goes on its own, once, in order, and is seen', async ({ browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  const visitorContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const { panel, box } = await startChat(visitor);
  const visitorName = await visitor.evaluate(() => (JSON.parse(localStorage.getItem('chat-session') ?? '{}') as { visitorName: string }).visitorName);
  const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
  await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const conversation = agent.getByRole('region', { name: visitorName });
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toBeVisible();

  // Both lose the network (Chromium's emulation), type, and press reload: the
  // page cannot load, as on a phone in a tunnel.
  await visitorContext.setOffline(true);
  await agentContext.setOffline(true);
  for (const text of ['six', 'seven']) {
    await box.fill(text);
    await box.press('Enter');
  }
  for (const text of ['Still here', 'Take your time']) {
    await reply.fill(text);
    await reply.press('Enter');
  }
  await expect(panel.getByRole('log').getByText('Sending…')).toHaveCount(2);
  await expect(conversation.getByRole('log').getByText('Sending…')).toHaveCount(2);
  await expect(visitor.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await expect(agent.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

  // Back online, they reload again: the pages come back with what was typed,
  // which goes on its own, with no click.
  await visitorContext.setOffline(false);
  await agentContext.setOffline(false);
  await visitor.reload();
  await agent.reload();
  await visitor.getByRole('button', { name: /^Open chat/ }).click();
  const reopened = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  const visitorLog = reopened.getByRole('log');
  const agentLog = agent.getByRole('region', { name: visitorName }).getByRole('log');
  await expect(visitorLog.getByText('Sending…')).toHaveCount(0, { timeout: 20_000 });
  await expect(agentLog.getByText('Sending…')).toHaveCount(0, { timeout: 20_000 });
  expect(await storedTexts(visitor)).toEqual(['six', 'seven']);
  const seenOf = (log: import('@playwright/test').Locator, text: string) =>
    log.locator('[data-message-id]').filter({ has: log.page().getByText(text, { exact: true }) }).locator('[data-status]');
  for (const text of ['six', 'seven']) await expect(seenOf(visitorLog, text)).toHaveAttribute('data-status', 'seen', { timeout: 10_000 });
  for (const text of ['Still here', 'Take your time']) {
    await expect(agentLog.getByText(text, { exact: true })).toHaveCount(1);
    await expect(seenOf(agentLog, text)).toHaveAttribute('data-status', 'seen', { timeout: 10_000 });
  }
  const agentTexts = (await agentLog.locator('[data-message-id] p').allTextContents()).filter((t) => ['Still here', 'Take your time'].includes(t));
  expect(agentTexts).toEqual(['Still here', 'Take your time']);
  await agentContext.close();
  await visitorContext.close();
});

// Receipts in the real browser: under each of their own messages the visitor
// and the agent see where it is — Sent (stored), Delivered (on the other
// side's device), Seen (in the other side's view) — as it happens, through
// the durable path, with the time on hover or focus.

import { expect, test, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { adminEmail, adminPassword, openAdminConsole, presetConsent } from './helpers';

/** The status mark under the message of `log` saying `text`. */
const statusOf = (log: Locator, text: string) =>
  log.locator('[data-message-id]').filter({ has: log.page().getByText(text, { exact: true }) }).locator('[data-status]');

async function shoot(pages: Array<[string, Page]>, state: string) {
  if (!process.env.RECEIPT_SHOTS) return;
  for (const [who, page] of pages) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${process.env.RECEIPT_SHOTS}/${state}-${who}-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

for (const width of [1366, 390]) {
  test(`each side sees its messages go from Sent to Delivered to Seen (${width} px)`, async ({ browser, baseURL }) => {
    test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
    const viewport = { width, height: width > 500 ? 768 : 844 };
    const visitorContext = await browser.newContext({ baseURL, viewport });
    await presetConsent(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
    const visitorName = `Receipts ${Date.now().toString(36)}`;
    await panel.getByLabel('Name').fill(visitorName);
    await panel.getByLabel('Email').fill('receipts@example.com');
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('Is the Lagos region up?');
    await box.press('Enter');
    const visitorLog = panel.getByRole('log');
    // Stored; no agent has it yet.
    await expect(statusOf(visitorLog, 'Is the Lagos region up?')).toHaveAttribute('data-status', 'sent');
    await expect(visitorLog.getByText('Sent', { exact: true })).toBeVisible();

    const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
    await agent.setViewportSize(viewport);
    await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
    const conversation = agent.getByRole('region', { name: visitorName });
    const agentLog = conversation.getByRole('log');
    await expect(agentLog.getByText('Is the Lagos region up?')).toBeVisible();
    // The agent has the chat open: the visitor is told it was seen.
    await expect(statusOf(visitorLog, 'Is the Lagos region up?')).toHaveAttribute('data-status', 'seen', { timeout: 2_000 });
    await expect(visitorLog.getByText('Seen', { exact: true })).toBeVisible();
    const row = agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName });
    await expect(row.getByTestId('unread-badge')).toHaveCount(0);

    // The visitor's panel is closed: the agent's reply reaches the device only.
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel).toBeHidden();
    const reply = conversation.getByRole('textbox', { name: 'Reply' });
    await reply.fill('Yes, all green in Lagos.');
    await reply.press('Enter');
    await expect(statusOf(agentLog, 'Yes, all green in Lagos.')).toHaveAttribute('data-status', 'delivered', { timeout: 2_000 });
    await shoot([['visitor', visitor], ['agent', agent]], `delivered-${width}`);

    // Opened: seen, and the time shows on focus.
    await visitor.getByRole('button', { name: /^Open chat/ }).click();
    const mark = statusOf(agentLog, 'Yes, all green in Lagos.');
    await expect(mark).toHaveAttribute('data-status', 'seen', { timeout: 2_000 });
    await mark.focus();
    await expect(mark.getByRole('tooltip', { includeHidden: true })).toBeVisible();
    await expect(mark).toHaveAccessibleName(/^Seen \d{1,2}:\d{2}/);
    await shoot([['visitor', visitor], ['agent', agent]], `seen-${width}`);
    await agentContext.close();
    await visitorContext.close();
  });
}

test('a dropped link costs only what was missed: the history is not fetched again', async ({ browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  const visitorContext = await browser.newContext({ baseURL });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  // Every socket of the page passes through here, so the test can cut it and refuse reconnects.
  let refuse = false;
  const sockets: WebSocketRoute[] = [];
  await visitor.routeWebSocket(/\/ws$/, (ws) => {
    if (refuse) return void ws.close();
    ws.connectToServer();
    sockets.push(ws);
  });
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  const visitorName = `Resume ${Date.now().toString(36)}`;
  await panel.getByLabel('Name').fill(visitorName);
  await panel.getByLabel('Email').fill('resume@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello from a train');
  await box.press('Enter');
  const visitorLog = panel.getByRole('log');
  await expect(statusOf(visitorLog, 'Hello from a train')).toHaveAttribute('data-status', 'sent');

  const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
  await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const conversation = agent.getByRole('region', { name: visitorName });
  await expect(conversation.getByRole('log').getByText('Hello from a train')).toBeVisible();

  // The visitor's link drops; meanwhile the agent answers twice.
  const historyReads: string[] = [];
  visitor.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/chat\/sessions\/[^/]+\/messages$/.test(request.url())) historyReads.push(request.url());
  });
  refuse = true;
  await sockets.at(-1)!.close();
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  for (const text of ['Welcome aboard', 'Which region is it?']) {
    await reply.fill(text);
    await reply.press('Enter');
    await expect(conversation.getByRole('log').getByText(text)).toBeVisible();
  }
  await visitor.waitForTimeout(1_000);
  await expect(visitorLog.getByText('Welcome aboard')).toHaveCount(0);
  refuse = false;
  // Back: both answers arrive with the rejoin, in order, and the agent sees them read.
  await expect(visitorLog.getByText('Which region is it?')).toBeVisible({ timeout: 20_000 });
  const texts = await visitorLog.locator('[data-message-id] p').allTextContents();
  expect(texts.slice(-2)).toEqual(['Welcome aboard', 'Which region is it?']);
  await expect(statusOf(conversation.getByRole('log'), 'Which region is it?')).toHaveAttribute('data-status', 'seen', { timeout: 2_000 });
  expect(sockets.length).toBeGreaterThan(1);
  expect(historyReads).toEqual([]);
  await agentContext.close();
  await visitorContext.close();
});

// Not a check: the outbox's states as the visitor and the agent see them, for
// looking at (RECEIPT_SHOTS=dir ./infra/e2e e2e/chat-receipts.spec.ts).
test('screenshots of Sending… and Not sent in the widget and the console', async ({ browser, baseURL }) => {
  test.skip(!process.env.RECEIPT_SHOTS || !adminEmail, 'RECEIPT_SHOTS not set');
  for (const width of [1366, 390]) {
    const viewport = { width, height: width > 500 ? 768 : 844 };
    const visitorContext = await browser.newContext({ baseURL, viewport });
    await presetConsent(visitorContext);
    const visitor = await visitorContext.newPage();
    // A refusal for good comes as the server would send it on the socket.
    let refusing = false;
    const refuseOnSocket = (ws: WebSocketRoute) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        if (refusing && typeof frame === 'string' && frame.includes('"send_message"')) {
          const { sessionId, clientMessageId } = JSON.parse(frame) as { sessionId: string; clientMessageId: string };
          const message = 'Message contains characters that are not allowed';
          return ws.send(JSON.stringify({ type: 'send_failed', sessionId, clientMessageId, status: 400, message }));
        }
        server.send(frame);
      });
    };
    await visitorContext.routeWebSocket(/\/ws$/, refuseOnSocket);
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
    const visitorName = `Outbox ${Date.now().toString(36)}`;
    await panel.getByLabel('Name').fill(visitorName);
    await panel.getByLabel('Email').fill('outbox@example.com');
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('Do you have GPUs in Lagos?');
    await box.press('Enter');
    const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
    await agentContext.routeWebSocket(/\/ws$/, refuseOnSocket);
    await agent.reload();
    await agent.setViewportSize(viewport);
    await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
    const conversation = agent.getByRole('region', { name: visitorName });
    const reply = conversation.getByRole('textbox', { name: 'Reply' });
    await expect(statusOf(panel.getByRole('log'), 'Do you have GPUs in Lagos?')).toHaveAttribute('data-status', 'seen');

    // A refusal for good on each side, then a message waiting offline.
    refusing = true;
    await box.fill('Here is the quote again');
    await box.press('Enter');
    await reply.fill('Attaching the price list');
    await reply.press('Enter');
    await expect(panel.getByText(/Not sent/)).toBeVisible();
    await expect(conversation.getByText(/Not sent/)).toBeVisible();
    refusing = false;
    await visitorContext.setOffline(true);
    await agentContext.setOffline(true);
    await box.fill('Are backups included?');
    await box.press('Enter');
    await reply.fill('Yes, daily snapshots for 30 days.');
    await reply.press('Enter');
    await expect(panel.getByText('Sending…')).toBeVisible();
    await expect(conversation.getByText('Sending…')).toBeVisible();
    await shoot([['visitor', visitor], ['agent', agent]], `outbox-${width}`);
    await agentContext.close();
    await visitorContext.close();
  }
});

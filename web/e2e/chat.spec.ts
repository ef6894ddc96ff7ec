import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { axeViolations, adminEmail, adminPassword, presetConsent } from './helpers';

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  await presetConsent(context);
  return { context, page: await context.newPage() };
}

/** Makes the page believe its tab is hidden (or visible again). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('the chat panel code and the socket load only when the widget is opened', async ({ page, context }) => {
  await presetConsent(context);
  const chatAssets: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(chat-widget|live-chat)-[^/]*\.js/.test(request.url())) chatAssets.push(request.url());
  });
  page.on('websocket', (socket) => sockets.push(socket.url()));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chatAssets).toEqual([]);
  expect(sockets).toEqual([]);

  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await expect(panel.getByLabel('Name')).toBeFocused();
  expect(chatAssets.some((url) => url.includes('/assets/chat-widget-'))).toBe(true);
  // No chat yet, so no socket either.
  expect(sockets).toEqual([]);

  // Whitespace-only values are not sent.
  await panel.getByLabel('Name').fill('   ');
  await panel.getByLabel('Email').fill('   ');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect(panel.getByText('Name is required')).toBeVisible();
  await expect(panel.getByText('Email is required')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
});

test('a visitor and an agent chat live both ways; the visitor chat survives a reload', async ({ browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(90_000);

  // The agent signs in and opens the console first, so the chat finds an agent online.
  const agentSide = await newPage(browser, baseURL);
  const agent = agentSide.page;
  const login = await agent.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
  await agent.goto('/admin/chat');
  await expect(agent.getByRole('heading', { name: 'Live chat console', level: 1 })).toBeVisible();
  await expect(agent.getByText('Live updates on')).toBeVisible();

  // The visitor starts a chat from the home page.
  const visitorSide = await newPage(browser, baseURL);
  const visitor = visitorSide.page;
  const visitorName = `Wanjiru ${Date.now().toString(36)}`;
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(visitorName);
  await panel.getByLabel('Email').fill('wanjiru@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect(notifications(visitor).getByText('Chat Started')).toBeVisible();
  await expect(notifications(visitor).getByText("You're now connected to our support team.")).toBeVisible();
  const messageBox = panel.getByRole('textbox', { name: 'Message' });
  await expect(messageBox).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();

  // It appears in the agent's inbox without a reload.
  const row = agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName });
  await expect(row).toBeVisible();

  // The visitor writes; the agent's row shows the preview and an unread badge.
  await messageBox.fill('Hello, I need a bare metal server');
  await messageBox.press('Enter');
  await expect(panel.getByRole('log').getByText('Hello, I need a bare metal server')).toBeVisible();
  await expect(messageBox).toHaveValue('');
  await expect(row).toContainText('Hello, I need a bare metal server');
  await expect(row.getByTestId('unread-badge')).toHaveText(/^1/);
  await expect(row.getByTestId('waiting-badge')).toHaveText(/^Waiting/);

  // Opening the chat shows the visitor's details and clears the badge.
  await row.click();
  const conversation = agent.getByRole('region', { name: visitorName });
  await expect(conversation.getByRole('heading', { name: visitorName })).toBeVisible();
  await expect(conversation.getByRole('link', { name: 'wanjiru@example.com' })).toHaveAttribute('href', 'mailto:wanjiru@example.com');
  await expect(conversation).toContainText('Chrome on Linux');
  await expect(conversation.getByRole('log').getByText('Hello, I need a bare metal server')).toBeVisible();
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);
  expect(await axeViolations(agent)).toEqual([]);

  // A second visitor message reaches the open conversation live.
  await messageBox.fill('In Nairobi, please');
  await messageBox.press('Enter');
  await expect(conversation.getByRole('log').getByText('In Nairobi, please')).toBeVisible();

  // Typing shows both ways.
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  await reply.pressSequentially('Sure', { delay: 20 });
  await expect(panel.getByText('Agent is typing…')).toBeVisible();
  await messageBox.pressSequentially('Thanks', { delay: 20 });
  await expect(conversation.getByText('Visitor is typing…')).toBeVisible();
  await messageBox.fill('');

  // The agent replies; the visitor sees it live, and the typing indicator goes.
  await reply.fill('Sure! Which size do you need?');
  await reply.press('Enter');
  await expect(panel.getByRole('log').getByText('Sure! Which size do you need?')).toBeVisible();
  await expect(panel.getByText('Agent is typing…')).toBeHidden();
  expect(await axeViolations(visitor)).toEqual([]);
  // Replying took the chat: the visitor is told who joined.
  await expect(panel.getByRole('log').getByText(/joined the chat/)).toBeVisible();
  await expect(conversation).toContainText('Administrator');

  // In a background tab the chat's new visitor message makes it unread: one
  // more in the title's count of unread chats (other specs' chats may be
  // there too); back in the tab, the open chat is read and the count drops.
  const unreadInTitle = async () => Number((await agent.title()).match(/^\((\d+)\) /)?.[1] ?? 0);
  await expect(agent).toHaveTitle(/Live chat console \| Nyota Cloud$/);
  const unreadBefore = await unreadInTitle();
  await setHidden(agent, true);
  await messageBox.fill('Something with 64 GB of memory');
  await messageBox.press('Enter');
  await expect.poll(unreadInTitle).toBe(unreadBefore + 1);
  await setHidden(agent, false);
  await expect.poll(unreadInTitle).toBe(unreadBefore);
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);

  // After a reload the widget restores the conversation.
  await visitor.reload();
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const log = panel.getByRole('log');
  for (const text of [
    'Hello, I need a bare metal server',
    'In Nairobi, please',
    'Sure! Which size do you need?',
    'Something with 64 GB of memory',
  ]) {
    await expect(log.getByText(text)).toBeVisible();
  }
  await expect(log.getByText(/\d{1,2}:\d{2}\s[AP]M/).first()).toBeVisible();

  // Resolving reaches the visitor, who can start a new chat with the form prefilled.
  await conversation.getByRole('button', { name: 'Resolve' }).click();
  await expect(log.getByText('This chat has been marked as resolved.')).toBeVisible();
  await panel.getByRole('button', { name: 'Start a new chat' }).click();
  await expect(panel.getByLabel('Name')).toHaveValue(visitorName);
  await expect(panel.getByLabel('Email')).toHaveValue('wanjiru@example.com');

  await visitorSide.context.close();
  await agentSide.context.close();
});

test('after a dropped socket the widget reconnects and shows what it missed', async ({ page, context, playwright, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(60_000);
  await presetConsent(context);

  // Every socket of the page passes through here, so the test can cut it and refuse reconnects.
  let refuse = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (refuse) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill('Otieno');
  await panel.getByLabel('Email').fill('otieno@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeVisible();
  const sessionId = await page.evaluate(() => JSON.parse(localStorage.getItem('chat-session') ?? '{}').sessionId as string);

  const agent = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect((await agent.post('/api/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  const reply = async (message: string) =>
    expect((await agent.post(`/api/chat/sessions/${sessionId}/messages`, { data: { message } })).status()).toBe(201);

  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  await reply('Hello Otieno');
  await expect(panel.getByRole('log').getByText('Hello Otieno')).toBeVisible();

  // The connection drops and cannot come back for a while; a reply sent meanwhile is not seen...
  refuse = true;
  await sockets[sockets.length - 1]!.close();
  await reply('Sent while you were away');
  await page.waitForTimeout(1_500);
  await expect(panel.getByRole('log').getByText('Sent while you were away')).toHaveCount(0);

  // ...until the socket is back: the widget re-joins and gets what it missed.
  refuse = false;
  await expect(panel.getByRole('log').getByText('Sent while you were away')).toBeVisible({ timeout: 20_000 });
  expect(sockets.length).toBeGreaterThan(1);
  // And live delivery works again on the new socket.
  await reply('Still here');
  await expect(panel.getByRole('log').getByText('Still here')).toBeVisible();
  await agent.dispose();
});

/** How the browser lays out the element holding `text`: inside <bdi>, and its computed unicode-bidi. */
async function isolationOf(page: Page, text: string) {
  return page.getByText(text, { exact: true }).evaluate((el) => ({
    inBdi: el.closest('bdi') !== null,
    unicodeBidi: getComputedStyle(el).unicodeBidi,
  }));
}

test('a message with a right-to-left override is isolated in the widget and the console', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const visitorSide = await newPage(browser, baseURL);
  const visitor = visitorSide.page;
  const visitorName = `Layla ${Date.now().toString(36)}`;
  // Without isolation, U+202E would run on past the bubble and mirror the name and time after it.
  const spoof = `Invoice \u202Efdp.exe ${Date.now().toString(36)}`;

  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(visitorName);
  await panel.getByLabel('Email').fill('layla@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  const messageBox = panel.getByRole('textbox', { name: 'Message' });
  await messageBox.fill(spoof);
  await messageBox.press('Enter');
  // The socket's frame may show the message a moment before the answer clears the box,
  // and until then the box holds the same text.
  await expect(messageBox).toHaveValue('');
  await expect(panel.getByRole('log').getByText(spoof, { exact: true })).toBeVisible();
  // Stored (no longer in the outbox), so the bubble checked is the one that stays.
  await expect(panel.getByText('Sending…')).toHaveCount(0);
  expect(await isolationOf(visitor, spoof)).toEqual({ inBdi: true, unicodeBidi: 'isolate' });

  if (adminEmail && adminPassword) {
    const agentSide = await newPage(browser, baseURL);
    const agent = agentSide.page;
    const login = await agent.request.post('/api/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email: adminEmail, password: adminPassword },
    });
    expect(login.status(), await login.text()).toBe(200);
    await agent.goto('/admin/chat');
    const row = agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName });
    await expect(row.getByText(spoof, { exact: true })).toBeVisible();
    expect(await isolationOf(agent, spoof)).toEqual({ inBdi: true, unicodeBidi: 'isolate' });
    await row.click();
    const conversation = agent.getByRole('region', { name: visitorName });
    const bubble = conversation.getByRole('log').getByText(spoof, { exact: true });
    await expect(bubble).toBeVisible();
    expect(await bubble.evaluate((el) => [el.tagName, getComputedStyle(el).unicodeBidi])).toEqual(['BDI', 'isolate']);
    await agentSide.context.close();
  }
  await visitorSide.context.close();
});

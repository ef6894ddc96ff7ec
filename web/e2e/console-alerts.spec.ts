// Console alerts against the real stack (issue 24): a new chat, before its
// visitor writes anything, alerts an agent whose console is in front (the
// row's highlight and a sound) and one whose console is hidden (a desktop
// notification that opens the chat); with two console tabs in one browser
// the alert is raised once. The display name set in the alert settings is
// what the visitor sees.

import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

let api: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  // Busy: the agent takes no new chats, so a new chat stays in the queue.
  expect((await api.put('/api/agent/status', { data: { status: 'busy' } })).status()).toBe(200);
});

test.afterAll(async () => {
  if (!api) return;
  expect((await api.put('/api/agent/status', { data: { status: 'online' } })).status()).toBe(200);
  await api.dispose();
});

/**
 * Records what the console does: each alert sound (the `nyota:alert-sound`
 * event) and each desktop notification (by wrapping window.Notification);
 * and lets the test hide the tab (visibilityState/hidden + visibilitychange).
 */
async function recordAlerts(context: BrowserContext) {
  await context.addInitScript(() => {
    const record = { sounds: [] as string[], notifications: [] as { title: string; body?: string; onclick?: (() => void) | null }[] };
    Object.assign(window, { alertRecord: record, alertHidden: false });
    window.addEventListener('nyota:alert-sound', (event) => record.sounds.push(String((event as CustomEvent).detail)));
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        const entry = { title, body: options?.body, onclick: null as (() => void) | null };
        record.notifications.push(entry);
        // The console sets onclick after constructing: keep a way to click it.
        Object.defineProperty(this, 'onclick', {
          set: (handler: () => void) => (entry.onclick = handler),
          get: () => entry.onclick,
        });
      }
      static override get permission() {
        return Real.permission;
      }
    }
    window.Notification = Recorded as typeof Notification;
    const hidden = () => (window as unknown as { alertHidden: boolean }).alertHidden;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden() ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: hidden });
  });
}

async function hide(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { alertHidden: boolean }).alertHidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

type Record = { sounds: string[]; notifications: { title: string; body?: string }[] };
const recorded = (page: Page) =>
  page.evaluate(() => {
    const { sounds, notifications } = (window as unknown as { alertRecord: Record }).alertRecord;
    return { sounds: [...sounds], notifications: notifications.map(({ title, body }) => ({ title, body })) };
  });

async function agentBrowser(browser: Browser, baseURL: string | undefined, viewport = { width: 1366, height: 768 }) {
  const context = await browser.newContext({ baseURL, viewport, permissions: ['notifications'] });
  await presetConsent(context);
  await recordAlerts(context);
  const login = await context.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

async function openConsole(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/admin/chat');
  await expect(page.getByText('Live updates on')).toBeVisible();
  return page;
}

/** A visitor starts a chat (no message yet) from their own browser. */
async function startChat(browser: Browser, baseURL: string | undefined, visitorName: string) {
  const visitor = await browser.newContext({ baseURL });
  const started = await visitor.request.post('/api/chat/sessions', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { visitorName, visitorEmail: 'alerts@example.com', pageUrl: '/pricing' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { sessionId } = (await started.json()) as { sessionId: string };
  return { visitor, sessionId };
}

const row = (page: Page, visitorName: string) => page.locator('[data-chat-row]').filter({ hasText: visitorName });

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`a new chat alerts an agent in front (highlight, sound) and one hidden (notification) at ${viewport.width}px`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const front = await agentBrowser(browser, baseURL, viewport);
    const back = await agentBrowser(browser, baseURL, viewport);
    const inFront = await openConsole(front);
    const hidden = await openConsole(back);
    await hide(hidden);
    const before = { front: await recorded(inFront), hidden: await recorded(hidden) };

    const visitorName = `Alerted ${Date.now().toString(36)}`;
    const { visitor, sessionId } = await startChat(browser, baseURL, visitorName);

    // In front: the row is highlighted and a sound plays, no notification.
    await expect(row(inFront, visitorName)).toHaveAttribute('data-alert', 'highlighted');
    await expect.poll(async () => (await recorded(inFront)).sounds.length).toBeGreaterThan(before.front.sounds.length);
    expect((await recorded(inFront)).sounds.slice(before.front.sounds.length)).toContain('new_chat');
    expect((await recorded(inFront)).notifications).toEqual(before.front.notifications);
    await expect(inFront).toHaveTitle(/^\(\d+\) /);

    // Hidden: a desktop notification, and no sound.
    const notification = { title: 'New chat in the queue', body: `${visitorName} started a chat` };
    await expect.poll(async () => (await recorded(hidden)).notifications).toContainEqual(notification);
    expect((await recorded(hidden)).sounds.slice(before.hidden.sounds.length)).not.toContain('new_chat');

    // Clicking the notification opens that chat in the console.
    await hidden.evaluate((body) => {
      const { notifications } = (window as unknown as { alertRecord: { notifications: { body?: string; onclick?: () => void }[] } }).alertRecord;
      notifications.find((n) => n.body === body)?.onclick?.();
    }, notification.body);
    await expect(hidden).toHaveURL(new RegExp(`[?&]chat=${sessionId}`));

    await Promise.all([front.close(), back.close(), visitor.close()]);
  });
}

test('with two console tabs in one browser, a new chat is alerted once', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const context = await agentBrowser(browser, baseURL);
  const first = await openConsole(context);
  const second = await openConsole(context);
  await hide(second);
  const count = async (visitorName: string) => {
    const [a, b] = [await recorded(first), await recorded(second)];
    // Older chats may raise their own "waiting too long" alerts meanwhile: count new chats only.
    const sounds = [...a.sounds, ...b.sounds].filter((sound) => sound === 'new_chat').length;
    const shown = [...a.notifications, ...b.notifications].filter((n) => n.body?.startsWith(visitorName)).length;
    return { sounds, shown };
  };
  const before = await count('nobody');
  const visitorName = `Once ${Date.now().toString(36)}`;
  const { visitor } = await startChat(browser, baseURL, visitorName);
  // Both tabs highlight the chat; the tab in front sounds, the hidden one stays quiet.
  await expect(row(first, visitorName)).toHaveAttribute('data-alert', 'highlighted');
  await expect(row(second, visitorName)).toHaveAttribute('data-alert', 'highlighted');
  await expect.poll(async () => (await count(visitorName)).sounds).toBe(before.sounds + 1);
  // Give a duplicate every chance to appear.
  await first.waitForTimeout(1_500);
  expect(await count(visitorName)).toEqual({ sounds: before.sounds + 1, shown: 0 });
  await Promise.all([context.close(), visitor.close()]);
});

test("the display name from the alert settings is what the visitor sees", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const context = await agentBrowser(browser, baseURL);
  const agent = await openConsole(context);
  const displayName = `Amina ${Date.now().toString(36)}`;
  await agent.getByRole('button', { name: 'Alerts' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Alerts and display name' });
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(displayName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const visitorContext = await browser.newContext({ baseURL });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const visitorName = `Named ${Date.now().toString(36)}`;
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(visitorName);
  await panel.getByLabel('Email').fill('named@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await panel.getByRole('textbox', { name: 'Message' }).fill('Hello?');
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');

  await row(agent, visitorName).click();
  const reply = agent.getByRole('region', { name: visitorName }).getByRole('textbox', { name: 'Reply' });
  await reply.fill('Hi, I can help.');
  await reply.press('Enter');
  const log = panel.getByRole('log');
  await expect(log.getByText(`${displayName} joined the chat`)).toBeVisible();
  await expect(log.getByText(displayName, { exact: true })).toBeVisible();
  await expect(log.getByText('Support', { exact: true })).toHaveCount(0);

  // Back to the account name for the specs after this one.
  await agent.getByRole('button', { name: 'Alerts' }).click();
  await dialog.getByRole('textbox', { name: 'Display name' }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await Promise.all([context.close(), visitorContext.close()]);
});

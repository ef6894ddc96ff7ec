// The agent console as a work tool (issue 24): its own app shell, three panes
// at the viewport's height with the composer always in view, private notes
// inline in the log, and on a phone one screen at a time with Back.

import { expect, test, type APIRequestContext, type Browser, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { adminEmail, adminPassword, axeViolations, presetConsent } from './helpers';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };

/** A visitor with a chat of their own, started and written to through the API the widget uses. */
async function visitorChat(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, name: string, lines: string[]) {
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const started = await visitor.post('/api/chat/sessions', {
    data: { visitorName: name, visitorEmail: 'console@example.com', pageUrl: '/bare-metal-servers' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { sessionId } = (await started.json()) as { sessionId: string };
  for (const message of lines) {
    const sent = await visitor.post(`/api/chat/sessions/${sessionId}/messages`, { data: { message } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return { visitor, sessionId };
}

async function agentPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  await presetConsent(context);
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { headers, data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  return { context, page };
}

/** The page itself never scrolls: only the panes do. */
async function expectNoPageScroll(page: Page) {
  const { scrollHeight, innerHeight, scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Out of any text field, so single keys are shortcuts. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function expectNoMarketingShell(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Products' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
}

let api: APIRequestContext | undefined;
test.afterEach(async () => {
  await api?.dispose();
  api = undefined;
});

test('at 1366×768 the open chat fills the screen: composer in view, no page scroll, notes inline', async ({ browser, baseURL, playwright }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(90_000);
  const visitorName = `Njeri ${Date.now().toString(36)}`;
  // Enough messages that the log must scroll.
  const lines = Array.from({ length: 30 }, (_, i) => `Question ${i + 1} about bare metal`);
  const { visitor, sessionId } = await visitorChat(playwright, baseURL, visitorName, lines);
  api = visitor;
  const { context, page } = await agentPage(browser, baseURL, { width: 1366, height: 768 });

  await page.goto('/admin/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Live chat console' })).toBeAttached();
  await expect(page.getByText('Live updates on')).toBeAttached();
  await expectNoMarketingShell(page);
  const bar = page.getByRole('banner');
  await expect(bar.getByLabel('Your status')).toBeVisible();
  await expect(bar.getByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();

  await page.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const conversation = page.getByRole('region', { name: visitorName });
  const log = conversation.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Question 30 about bare metal')).toBeInViewport();
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toBeInViewport();
  await expectNoPageScroll(page);
  // The log is what scrolls.
  expect(await log.evaluate((el) => el.parentElement!.scrollHeight > el.parentElement!.clientHeight)).toBe(true);

  // The details sidebar collapses and comes back; the choice survives a reload.
  const details = page.getByRole('complementary', { name: 'Chat details' });
  await expect(details.getByRole('link', { name: 'console@example.com' })).toBeVisible();
  await expect(details).toContainText('/bare-metal-servers');
  const toggle = conversation.getByRole('button', { name: 'Details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(details).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', { name: visitorName }).getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false');
  await expect(reply).toBeInViewport();
  await page.getByRole('region', { name: visitorName }).getByRole('button', { name: 'Details' }).click();
  await expect(details).toBeVisible();

  // A note: `n` switches the composer to Note mode and focuses it.
  await blur(page);
  await page.keyboard.press('n');
  const noteBox = conversation.getByRole('textbox', { name: 'Private note' });
  await expect(noteBox).toBeFocused();
  await expect(noteBox).toHaveAttribute('placeholder', /only agents see it/);
  const noteText = `Check invoice ${Date.now().toString(36)}`;
  await noteBox.fill(noteText);
  await noteBox.press('Enter');
  const note = log.locator('li[data-private-note]').filter({ hasText: noteText });
  await expect(note).toBeInViewport();
  await expect(note).toContainText('Private note · only agents see this');
  // Its own colour: not the log's background, not a message bubble's.
  const [noteBg, logBg] = await Promise.all([
    note.locator('div').first().evaluate((el) => getComputedStyle(el).backgroundColor),
    log.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor),
  ]);
  expect(noteBg).not.toBe(logBg);
  await expect(noteBox).toHaveValue('');
  await expect(noteBox).toBeInViewport();
  await expectNoPageScroll(page);
  // The visitor never sees it.
  const seen = await (await visitor.get(`/api/chat/sessions/${sessionId}/messages`)).text();
  expect(seen).toContain('Question 30 about bare metal');
  expect(seen).not.toContain(noteText);

  // Back to Reply with `r`: the reply goes out as before.
  await blur(page);
  await page.keyboard.press('r');
  await expect(reply).toBeFocused();
  await reply.fill('We have servers in Nairobi.');
  await reply.press('Enter');
  await expect(log.getByText('We have servers in Nairobi.')).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test('at 390×844 the console is inbox → conversation → details with Back, and the inbox renders only rows in view', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  // More chats than a phone screen holds.
  const chats = [];
  for (let i = 0; i < 24; i += 1) {
    chats.push(await visitorChat(playwright, baseURL, `Phone ${stamp} ${String(i).padStart(2, '0')}`, [`Hello from ${i}`]));
  }
  const { context, page } = await agentPage(browser, baseURL, { width: 390, height: 844 });
  await page.goto('/admin/chat');
  await expectNoMarketingShell(page);
  const inbox = page.getByRole('list', { name: 'Chats' });
  // The newest chat is on top.
  const newest = `Phone ${stamp} 23`;
  await expect(inbox.getByRole('button').filter({ hasText: newest })).toBeVisible();
  await expectNoPageScroll(page);
  const rendered = await inbox.getByRole('button').count();
  expect(rendered).toBeLessThan(24);

  await inbox.getByRole('button').filter({ hasText: newest }).click();
  const conversation = page.getByRole('region', { name: newest });
  await expect(conversation.getByRole('log').getByText('Hello from 23')).toBeVisible();
  await expect(conversation.getByRole('textbox', { name: 'Reply' })).toBeInViewport();
  await expect(inbox).toHaveCount(0);
  await expectNoPageScroll(page);

  await conversation.getByRole('button', { name: 'Details' }).click();
  await expect(page).toHaveURL(/pane=details/);
  const details = page.getByRole('region', { name: newest });
  await expect(details.getByRole('link', { name: 'console@example.com' })).toBeVisible();
  await expect(details.getByRole('log')).toHaveCount(0);
  await expectNoPageScroll(page);

  // The browser's Back goes back a screen...
  await page.goBack();
  await expect(page).not.toHaveURL(/pane=details/);
  await expect(conversation.getByRole('textbox', { name: 'Reply' })).toBeInViewport();
  // ...and so does the conversation's own Back button.
  await conversation.getByRole('button', { name: 'Back to the inbox' }).click();
  await expect(inbox.getByRole('button').filter({ hasText: newest })).toBeVisible();
  await expect(page).not.toHaveURL(/chat=/);
  expect(await axeViolations(page)).toEqual([]);

  for (const chat of chats) await chat.visitor.dispose();
  await context.close();
});

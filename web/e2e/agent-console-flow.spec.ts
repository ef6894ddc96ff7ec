// The agent's day in the console (issue 35): presence that follows the agent
// across admin pages, a log that stays on the newest message when images
// load, inbox times that stay true, and a journey without the mouse.

import { expect, test, type APIRequestContext, type Browser, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * The gateway's AGENT_RETURN_AFTER_SECS (120 unless infra/e2e is run with it
 * set): an agent without a console for this long used to lose their chats.
 */
const returnAfterMs = Number(process.env.AGENT_RETURN_AFTER_SECS ?? 120) * 1000;
/** Heartbeats run every 10 s: two of them after the return time. */
const heartbeatsMs = 25_000;

type Playwright = PlaywrightWorkerArgs['playwright'];

async function visitorChat(playwright: Playwright, baseURL: string | undefined, name: string, lines: string[]) {
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const started = await visitor.post('/api/chat/sessions', {
    data: { visitorName: name, visitorEmail: 'flow@example.com', pageUrl: '/edge' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { sessionId } = (await started.json()) as { sessionId: string };
  for (const message of lines) await send(visitor, sessionId, { message });
  return { visitor, sessionId };
}

async function send(visitor: APIRequestContext, sessionId: string, data: Record<string, unknown>) {
  const sent = await visitor.post(`/api/chat/sessions/${sessionId}/messages`, { data });
  expect(sent.status(), await sent.text()).toBe(201);
}

async function visitorLines(visitor: APIRequestContext, sessionId: string): Promise<{ senderType: string; message: string }[]> {
  const response = await visitor.get(`/api/chat/sessions/${sessionId}/messages`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { senderType: string; message: string }[];
}

async function chatStatus(visitor: APIRequestContext, sessionId: string): Promise<string> {
  const response = await visitor.get(`/api/chat/sessions/${sessionId}`);
  return ((await response.json()) as { status: string }).status;
}

async function agentPage(browser: Browser, baseURL: string | undefined, viewport = { width: 1366, height: 768 }) {
  const context = await browser.newContext({ baseURL, viewport });
  await presetConsent(context);
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { headers, data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  const me = (await (await page.request.get('/api/user')).json()) as { id: string; name: string };
  return { context, page, me };
}

async function openConsole(page: Page, query = '') {
  await page.goto(`/admin/chat${query}`);
  await expect(page.getByText('Live updates on')).toBeVisible({ timeout: 15_000 });
  const status = page.getByRole('combobox', { name: 'Your status' });
  await expect(status).not.toHaveValue('');
  if ((await status.inputValue()) !== 'online') await status.selectOption('online');
}

test('an agent on another admin page keeps their chats, and the visitor reads one "joined"', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(returnAfterMs + heartbeatsMs + 60_000);
  const { context, page, me } = await agentPage(browser, baseURL);
  await openConsole(page);
  const { visitor, sessionId } = await visitorChat(playwright, baseURL, 'Staying Put', ['Is the GPU pool in Nairobi?']);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/agent/chats/${sessionId}`)).json()) as { assignedAgentId: string | null }).assignedAgentId)
    .toBe(me.id);

  // Off to another admin page in the same tab, for longer than the old timeout.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /settings/i }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.waitForTimeout(returnAfterMs + heartbeatsMs);

  const chat = (await (await page.request.get(`/api/agent/chats/${sessionId}`)).json()) as { assignedAgentId: string | null };
  expect(chat.assignedAgentId).toBe(me.id);
  const notes = (await (await page.request.get(`/api/agent/chats/${sessionId}/notes`)).json()) as { body: string }[];
  expect(notes.filter((note) => note.body.startsWith('Returned to the queue'))).toEqual([]);
  const joined = (await visitorLines(visitor, sessionId)).filter((line) => line.message.endsWith(' joined the chat'));
  expect(joined).toHaveLength(1);
  await Promise.all([context.close(), visitor.dispose()]);
});

test('a chat with five images opens on its newest message, and stays there as they load', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(90_000);
  const { context, page } = await agentPage(browser, baseURL);
  await page.goto('/admin');
  const { visitor, sessionId } = await visitorChat(playwright, baseURL, 'Five Screenshots', ['Here is what I see']);
  for (let i = 1; i <= 5; i += 1) {
    // A tall and a wide picture in turn, drawn by the browser's canvas.
    const [width, height] = i % 2 ? [900, 1400] : [1600, 900];
    const base64 = await page.evaluate(
      async ([w, h, n]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const context = canvas.getContext('2d')!;
        context.fillStyle = `hsl(${n * 60} 70% 50%)`;
        context.fillRect(0, 0, w, h);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (const byte of bytes) text += String.fromCharCode(byte);
        return btoa(text);
      },
      [width, height, i] as const,
    );
    const uploaded = await visitor.post(`/api/chat/sessions/${sessionId}/attachments`, {
      multipart: { file: { name: `screen-${i}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    await send(visitor, sessionId, { message: `Screenshot ${i}`, attachmentId: id });
  }
  await send(visitor, sessionId, { message: 'And that is the newest message' });

  await openConsole(page, `?chat=${sessionId}`);
  const log = page.locator('[data-chat-log]');
  const newest = log.getByText('And that is the newest message');
  await expect(newest).toBeVisible();
  // Every thumbnail in view has loaded; the log is still at its end.
  await expect
    .poll(() =>
      log.evaluate((element) =>
        [...element.querySelectorAll('img')]
          .filter((img) => img.getBoundingClientRect().bottom > element.getBoundingClientRect().top)
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
  await page.waitForTimeout(500);
  await expect(newest).toBeInViewport();
  const gap = await log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
  expect(gap).toBeLessThanOrEqual(2);
  await Promise.all([context.close(), visitor.dispose()]);
});

test("the inbox's relative times tick", async ({ browser, baseURL, playwright }) => {
  test.setTimeout(60_000);
  const { context, page } = await agentPage(browser, baseURL);
  await page.clock.install();
  const name = `Ticking ${Date.now().toString(36)}`;
  const { visitor } = await visitorChat(playwright, baseURL, name, ['Hello?']);
  await openConsole(page);
  const row = page.locator('[data-chat-row]').filter({ hasText: name });
  await expect(row.locator('time')).toHaveText('just now');
  await page.clock.fastForward('03:00');
  await expect(row.locator('time')).toHaveText('3m ago');
  // The one waiting badge counts on with it (past the 2-minute first-reply alarm).
  await expect(row.getByTestId('waiting-badge')).toHaveText(/^Waiting 3 min/);
  await expect(row.getByTestId('waiting-badge')).toHaveCount(1);
  await Promise.all([context.close(), visitor.dispose()]);
});

test('the keyboard alone: next chat, reply, note, resolve with undo', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(90_000);
  const { context, page } = await agentPage(browser, baseURL);
  const first = await visitorChat(playwright, baseURL, 'Keyboard First', ['First question']);
  const second = await visitorChat(playwright, baseURL, 'Keyboard Second', ['Second question']);
  await openConsole(page);
  await page.locator('body').focus();
  const conversation = (name: string) => page.getByRole('region', { name });

  // Newest first: j opens the second chat.
  await page.keyboard.press('j');
  await expect(conversation('Keyboard Second')).toBeVisible();
  await page.keyboard.press('r');
  const reply = conversation('Keyboard Second').getByRole('textbox', { name: 'Reply' });
  await expect(reply).toBeFocused();
  await page.keyboard.type('Yes, we can help.');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await visitorLines(second.visitor, second.sessionId)).map((line) => line.message)).toContain('Yes, we can help.');

  // Escape leaves the box; n writes a note.
  await page.keyboard.press('Escape');
  await expect(reply).not.toBeFocused();
  await page.keyboard.press('n');
  const note = conversation('Keyboard Second').getByRole('textbox', { name: 'Private note' });
  await expect(note).toBeFocused();
  await page.keyboard.type('Wants a quote by Friday');
  await page.keyboard.press('Enter');
  await expect(conversation('Keyboard Second').getByText('Wants a quote by Friday')).toBeVisible();
  await page.keyboard.press('Escape');

  // e offers 5 seconds to undo; u takes it back, and the visitor heard nothing.
  await page.keyboard.press('e');
  const undoBar = page.getByRole('status').filter({ hasText: 'Resolving the chat with Keyboard Second' });
  await expect(undoBar).toBeVisible();
  expect(await chatStatus(second.visitor, second.sessionId)).toBe('open');
  await page.keyboard.press('u');
  await expect(undoBar).toBeHidden();
  await page.waitForTimeout(6_000);
  expect(await chatStatus(second.visitor, second.sessionId)).toBe('open');
  expect((await visitorLines(second.visitor, second.sessionId)).some((line) => line.message.includes('resolved'))).toBe(false);

  // e again and let it run: resolved after the window, not before.
  await page.keyboard.press('e');
  await expect(undoBar).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(await chatStatus(second.visitor, second.sessionId)).toBe('open');
  await expect.poll(() => chatStatus(second.visitor, second.sessionId), { timeout: 10_000 }).toBe('resolved');
  await expect(conversation('Keyboard Second').getByRole('button', { name: 'Reopen' })).toBeVisible();

  // On to the next open chat, still without the mouse.
  await page.keyboard.press('j');
  await expect(conversation('Keyboard First')).toBeVisible();
  await Promise.all([context.close(), first.visitor.dispose(), second.visitor.dispose()]);
});

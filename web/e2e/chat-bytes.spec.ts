// The chat's byte budgets (issue 37, "Light on data"), read off the wire:
// - one text message's round trip — everything both the visitor's page and
//   an agent's console send and receive from typing it to quiet (the POST
//   and its answer, every socket frame, receipts once there are any) —
//   at most 1.5 kB;
// - an open widget with an active chat, idle for a minute, at most 1 kB,
//   pings and pongs included (counted by a TCP relay in front of the
//   gateway: CDP shows no control frames);
// - the launcher, in the entry script as served, at most 2 kB.

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, adminEmail, adminPassword, openAdminConsole, presetConsent, resolveChatOf, roomForChats } from './helpers';
import { breakdown, startRelay, sum, untilQuiet, WireLog, type WireItem } from './wire';

const roundTripBudget = 1_500;
const idleMinuteBudget = 1_000;
const launcherBudget = 2_000;

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

let api: APIRequestContext;
let restoreCapacity: () => Promise<void>;

// Each chat here is measured with its agent joined: the admin needs room for it.
test.beforeAll(async ({ playwright, baseURL }) => {
  api = await adminApi(playwright, baseURL!);
  restoreCapacity = await roomForChats(api, 2);
});

test.afterAll(async () => {
  if (!api) return;
  await restoreCapacity();
  await api.dispose();
});

async function startChat(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Email').fill('bytes@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  const box = panel.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeVisible();
  await expect(panel.getByRole('log').locator('[data-message-id]').first()).toBeVisible();
  return { panel, box };
}

type RoundTrip = { total: number; visitor: WireItem[]; agent: WireItem[] };

test.describe.serial('one text message', () => {
  let measured: RoundTrip | null = null;

  test('is measured from the send to quiet on both sides; the visitor sends it on the open socket and neither side makes a request', async ({ browser, baseURL }) => {
    const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
    const visitorContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
    await presetConsent(visitorContext);
    const visitor = await visitorContext.newPage();
    const visitorWire = await WireLog.attach(visitorContext, visitor, 'visitor');
    const agentWire = await WireLog.attach(agentContext, agent, 'agent');

    const name = `Bytes ${Date.now().toString(36)}`;
    const { panel, box } = await startChat(visitor, name);
    await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: name }).click();
    const conversation = agent.getByRole('region', { name });
    await expect(conversation.getByRole('log').locator('[data-message-id]').first()).toBeVisible();
    await untilQuiet([visitorWire, agentWire]);
    expect(visitorWire.extensions, 'no WebSocket extension: a frame is its payload and header').toEqual([]);

    // Typing it: the "typing" frame reaches the agent before the send.
    const text = 'Hello, is the 8-core plan available in Nairobi?';
    const typed = Date.now();
    await box.fill(text);
    await expect.poll(() => agentWire.since(typed).some((item) => item.what === 'ws ← typing')).toBe(true);
    await untilQuiet([visitorWire, agentWire]);

    const from = Date.now();
    await box.press('Enter');
    await expect(conversation.getByRole('log').getByText(text)).toBeVisible();
    await expect(panel.getByRole('log').locator('[data-message-id]').filter({ hasText: text })).toBeVisible();
    await untilQuiet([visitorWire, agentWire]);

    const visitorItems = visitorWire.since(from);
    const agentItems = agentWire.since(from);
    measured = { total: sum(visitorItems) + sum(agentItems), visitor: visitorItems, agent: agentItems };
    console.log(
      `one text message (${text.length} characters), ${measured.total} bytes from the send to quiet:\n visitor ${sum(visitorItems)}\n${breakdown(visitorItems)}\n agent console ${sum(agentItems)}\n${breakdown(agentItems)}`,
    );
    expect(agentItems.some((item) => item.what === 'ws ← new_message'), "the agent's frame was seen").toBe(true);
    // Sent on the open socket, its own frame the answer: no request at all on
    // either side (no POST, no refetch of the history, no summary read).
    const requests = [...visitorItems, ...agentItems].filter((item) => item.what.endsWith('(request)'));
    expect(requests.map((item) => item.what)).toEqual([]);
    expect(visitorItems.filter((item) => item.what === 'ws → send_message')).toHaveLength(1);
    await resolveChatOf(api, visitor);
    await visitorContext.close();
    await agentContext.close();
  });

  test('costs at most 1.5 kB on the wire, every request and frame of both sides included', () => {
    // Met since the text goes on the open socket, its own frame the answer,
    // the reader's receipts go to the other side only, and the console
    // patches its inbox row from the frames (docs/chat.md, "Byte budgets").
    expect(measured, 'measured by the test before').not.toBeNull();
    expect(measured!.total).toBeLessThanOrEqual(roundTripBudget);
  });
});

test('an open widget with an active chat, idle, costs at most 1 kB a minute, pings included', async ({ browser, baseURL }) => {
  test.setTimeout(100_000);
  // The chat has an agent (the console is open), as most chats do while they last.
  const { context: agentContext } = await openAdminConsole(browser, baseURL!);
  const relay = await startRelay(baseURL!);
  const visitorContext = await browser.newContext({ baseURL: relay.url, viewport: { width: 1366, height: 768 } });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const visitorWire = await WireLog.attach(visitorContext, visitor, 'visitor');
  const name = `Idle ${Date.now().toString(36)}`;
  const { panel } = await startChat(visitor, name);
  await expect(panel.getByText(/will be with you shortly|You're connected to/)).toBeVisible();
  await untilQuiet([visitorWire]);

  // Everything the relay carries for this page in the minute: HTTP and
  // WebSocket alike, with the server's pings and the browser's pongs (which
  // CDP does not report: the socket's connection carries more than its
  // data frames by exactly them).
  const from = Date.now();
  await visitor.waitForTimeout(60_000);
  const to = Date.now();
  const connections = relay.between(from, to);
  const total = connections.reduce((bytes, c) => bytes + c.up + c.down, 0);
  const frames = visitorWire.since(from).filter((item) => item.at < to);
  console.log(
    `an idle open widget for ${((to - from) / 1000).toFixed(1)} s: ${total} bytes through the relay\n${connections
      .map((c) => `  ${c.what}: ${c.up} up, ${c.down} down`)
      .join('\n')}\n what CDP saw (no control frames):\n${breakdown(frames)}`,
  );
  const socket = connections.find((c) => c.what.startsWith('GET /ws '));
  expect(socket, 'the socket was open through the relay').toBeDefined();
  // Two or three server pings (2 bytes each) and as many pongs (6 bytes each), beyond the data frames.
  const control = socket!.up + socket!.down - sum(frames.filter((item) => item.what.startsWith('ws ')));
  expect(control).toBeGreaterThanOrEqual(2 * 8);
  expect(total).toBeLessThanOrEqual(idleMinuteBudget);
  await resolveChatOf(api, visitor);
  await visitorContext.close();
  await agentContext.close();
  await relay.close();
});

test('the launcher costs at most 2 kB of the entry script as served, and the first visit loads nothing else of the chat', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await presetConsent(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const encodings = new Map<string, string>();
  const heads = new Map<string, number>();
  const finished = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    urls.set(event.requestId, event.response.url);
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    encodings.set(event.requestId, encoding?.[1] ?? 'identity');
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => heads.set(event.requestId, Buffer.byteLength(event.headersText ?? '')));
  cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const loaded = [...urls.values()].map((url) => new URL(url).pathname);
  expect(loaded.filter((path) => /chat-widget|live-chat|^\/api\/chat|^\/ws/.test(path)), 'nothing of the chat but the launcher').toEqual([]);

  const where = JSON.parse(readFileSync(new URL('../dist/launcher-bytes.json', import.meta.url), 'utf8')) as {
    file: string;
    modules: string[];
    ranges: [number, number][];
  };
  const requestId = [...urls].find(([, url]) => new URL(url).pathname === `/${where.file}`)?.[0];
  expect(requestId, `the entry script ${where.file} was loaded (a build older than the served one?)`).toBeDefined();
  const served = await cdp.send('Network.getResponseBody', { requestId: requestId! });
  const code = served.base64Encoded ? Buffer.from(served.body, 'base64').toString('utf8') : served.body;
  const encoding = encodings.get(requestId!)!;
  const wireBody = finished.get(requestId!)! - heads.get(requestId!)!;
  // Compressed as the build does (vite-plugin-compression2's settings), which
  // the gateway serves as is: checked against the bytes the wire carried.
  const compress = (text: string) =>
    encoding === 'br'
      ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length
      : encoding === 'gzip'
        ? gzipSync(text, { level: constants.Z_BEST_COMPRESSION }).length
        : Buffer.byteLength(text);
  expect(compress(code), `the entry as the wire carried it (${encoding})`).toBe(wireBody);
  let without = '';
  let at = 0;
  for (const [start, end] of where.ranges) {
    without += code.slice(at, start);
    at = end;
  }
  without += code.slice(at);
  const launcher = wireBody - compress(without);
  const launcherCode = where.ranges.reduce((total, [start, end]) => total + Buffer.byteLength(code.slice(start, end)), 0);
  console.log(
    `the launcher: ${launcher} bytes of the entry script's ${wireBody} on the wire (${encoding}); ${launcherCode} bytes of minified code in ${where.ranges.length} pieces, from ${where.modules.join(', ')}`,
  );
  expect(launcher).toBeGreaterThan(0);
  expect(launcher).toBeLessThanOrEqual(launcherBudget);
  await context.close();
});

// The visitor widget's layout against the real stack (issue 24), on a phone
// (390×844) and a laptop (1366×768): full screen on the phone, the Chat Started
// toast clear of the message box and the log, and a compact rating bar that
// leaves the conversation readable after the chat is resolved.

import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { adminEmail, adminPassword, axeViolations, presetConsent } from './helpers';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

let api: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
});

// One theme each, so both are checked by axe with the rating bar open.
const sizes = [
  { name: 'phone', width: 390, height: 844, theme: 'light' },
  { name: 'laptop', width: 1366, height: 768, theme: 'dark' },
] as const;

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`the widget on a ${size.name}: placement, the Chat Started toast clear of it, a compact rating bar`, async ({
      page,
      context,
    }) => {
      test.setTimeout(60_000);
      const phone = size.name === 'phone';
      await presetConsent(context, { theme: size.theme });
      await page.goto('/');
      await page.getByRole('button', { name: 'Open chat' }).click();
      const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
      await expect(panel.getByLabel('Name')).toBeFocused();
      const close = panel.getByRole('button', { name: 'Close' });
      await expect(close).toBeInViewport({ ratio: 1 });

      const fillsScreen = async () => {
        const b = await box(panel);
        return [b.x, b.y, b.width, b.height].map(Math.round);
      };
      if (phone) {
        // The whole screen, and the page behind does not scroll.
        await expect.poll(fillsScreen).toEqual([0, 0, size.width, size.height]);
        expect(await panel.getAttribute('aria-modal')).toBe('true');
        // A wheel over the panel does not reach the (long) home page behind it.
        await page.mouse.move(size.width / 2, size.height / 2);
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      } else {
        const b = await box(panel);
        expect(b.width).toBeLessThanOrEqual(384);
        expect(b.x + b.width).toBeLessThanOrEqual(size.width - 16);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
      }

      const visitorName = `Layla ${size.name} ${Date.now().toString(36)}`;
      await panel.getByLabel('Name').fill(visitorName);
      await panel.getByLabel('Email').fill('layla@example.com');
      await panel.getByRole('button', { name: 'Start Chat' }).click();
      const composer = panel.locator('form').filter({ has: page.getByRole('textbox', { name: 'Message' }) });
      // The scrolling box around the log: what the visitor reads.
      const log = panel.getByRole('log', { name: 'Messages' }).locator('..');
      const toast = page.getByRole('region', { name: 'Notifications (F8)' }).locator('li').filter({ hasText: 'Chat Started' });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText("You're now connected to our support team.");
      await expect(composer).toBeVisible();
      // Clear of the message box and the log; on a laptop clear of the whole panel, on a phone
      // (where the panel is the screen) on its header, which grows under it.
      await expect
        .poll(async () => {
          const t = await box(toast);
          return {
            composer: overlaps(t, await box(composer)),
            log: overlaps(t, await box(log)),
            panel: phone ? false : overlaps(t, await box(panel)),
          };
        })
        .toEqual({ composer: false, log: false, panel: false });
      const t = await box(toast);
      expect(t.x >= 0 && t.y >= 0 && t.x + t.width <= size.width && t.y + t.height <= size.height).toBe(true);

      if (phone) {
        await expect.poll(fillsScreen).toEqual([0, 0, size.width, size.height]);
        await expect(close).toBeInViewport({ ratio: 1 });
        expect(overlaps(t, await box(close))).toBe(false);
        // Closed, the header is its own size again and the log gets the room back.
        const logWithToast = await box(log);
        await toast.getByRole('button', { name: 'Close notification' }).click();
        await expect(toast).toBeHidden();
        await expect.poll(async () => (await box(log)).y).toBeLessThan(logWithToast.y);
        await expect.poll(fillsScreen).toEqual([0, 0, size.width, size.height]);
      }

      // A conversation long enough to need its log, then the agent resolves the chat.
      const messageBox = panel.getByRole('textbox', { name: 'Message' });
      // More than the laptop's log shows at once, so keeping its end in view is put to the test.
      const lines = [
        'I need a bare metal server for a payments service, with two disks mirrored.',
        'In Nairobi, if possible.',
        'With 64 GB of memory.',
        'And a private network to our office.',
        'How soon could it be ready?',
      ];
      for (const line of lines) {
        await messageBox.fill(line);
        await messageBox.press('Enter');
        await expect(panel.getByRole('log').getByText(line)).toBeVisible();
      }
      const sessionId = await page.evaluate(() => (JSON.parse(localStorage.getItem('chat-session') ?? '{}') as { sessionId?: string }).sessionId);
      expect(sessionId).toBeTruthy();
      const resolved = await api.post(`/api/agent/chats/${sessionId}/resolve`);
      expect(resolved.status(), await resolved.text()).toBe(200);

      await expect(panel.getByText('This chat is resolved.')).toBeVisible();
      const bar = panel.getByRole('form', { name: 'Rate this chat' });
      await expect(bar).toBeVisible();
      await expect(panel.getByLabel('Comment (optional)')).toHaveCount(0);
      const readable = async (most: number) => {
        const p = await box(panel);
        const b = await box(bar);
        // The bar is small and the log keeps most of the panel; its latest lines are in view.
        expect(b.height / p.height, 'the rating bar is a small part of the panel').toBeLessThanOrEqual(most);
        expect((await box(log)).height / p.height, 'the log keeps most of the panel').toBeGreaterThanOrEqual(0.5);
        await expect(panel.getByRole('log').getByText('This chat has been marked as resolved.')).toBeInViewport({ ratio: 1 });
      };
      await readable(0.25);

      expect(await axeViolations(page)).toEqual([]);

      // Stars first, then the comment opens; sent, one line of thanks.
      await bar.getByRole('radio', { name: '4 – Good' }).check({ force: true });
      await panel.getByLabel('Comment (optional)').fill('Quick and clear');
      await readable(0.25);
      await bar.getByRole('button', { name: 'Send rating' }).click();
      const thanks = panel.getByText('Thank you for your feedback! You rated this chat 4 out of 5.');
      await expect(thanks).toBeVisible();
      expect((await box(thanks)).height / (await box(panel)).height).toBeLessThanOrEqual(0.1);
      await expect(panel.getByRole('log').getByText(lines[lines.length - 1]!)).toBeInViewport();

      await close.click();
      await expect(panel).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
      if (phone) expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    });
  });
}

import { expect, test, type Page } from '@playwright/test';

import { presetConsent } from './helpers';

/** The 401 a signed-out visitor's session check gets; Chromium logs it as an error. */
function isSignedOutCheck(text: string, url: string): boolean {
  return url.endsWith('/api/user') && text.includes('status of 401');
}

/** Collects CSP violations (reported by the page itself) and console errors. */
async function watchForViolations(page: Page) {
  const problems: string[] = [];
  await page.exposeFunction('reportCspViolation', (report: string) => problems.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (r: string) => void }).reportCspViolation;
      report(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !isSignedOutCheck(message.text(), message.location().url)) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('the pages and the chat widget run under the Content-Security-Policy', async ({ page, context }) => {
  await presetConsent(context, { theme: 'dark' });
  const problems = await watchForViolations(page);

  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The inline theme script ran: it is allowed by its hash.
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Opening the widget and starting a chat loads its code and opens the socket.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill('Csp Visitor');
  await panel.getByLabel('Email').fill('csp@example.com');
  const socket = page.waitForEvent('websocket');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  const ws = await socket;
  expect(ws.isClosed()).toBe(false);
  await page.waitForTimeout(500);

  expect(problems).toEqual([]);
});

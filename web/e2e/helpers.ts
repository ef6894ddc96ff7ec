import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

export function uniqueEmail(tag = 'user'): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const password = 'e2e-Passw0rd!';

/** Pretend the visitor already answered the cookie banner, so it never covers the page. */
export async function presetConsent(
  context: BrowserContext,
  { theme, consent = true }: { theme?: 'light' | 'dark'; consent?: boolean } = {},
): Promise<void> {
  await context.addInitScript(
    ([storedTheme, storeConsent]) => {
      if (storeConsent) localStorage.setItem('cookie-consent', 'true');
      if (storedTheme) localStorage.setItem('theme', storedTheme);
    },
    [theme ?? '', consent] as const,
  );
}

/**
 * A visitor on a 1366 px desk starts a chat as `name` <`email`>, asks `text`,
 * sees it in the log, and closes the tab (so a reply goes unseen).
 */
export async function askAndLeave(browser: Browser, baseURL: string, name: string, email: string, text: string): Promise<void> {
  const desk = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  await presetConsent(desk);
  const visitor = await desk.newPage();
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(panel.getByRole('log').getByText(text)).toBeVisible();
  await desk.close();
}

/** Registers through the API; the request context shares the page's cookies, so this signs in. */
export async function registerViaApi(request: APIRequestContext, email = uniqueEmail()) {
  const response = await request.post('/api/register', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { username: email, email, password, name: 'Api User', phone: '+254700000002' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

export async function fillRegisterForm(page: Page, email: string, first = 'Wanjiru', last = 'Kamau') {
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+254700000001');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export const adminEmail = process.env.E2E_ADMIN_EMAIL;
export const adminPassword = process.env.E2E_ADMIN_PASSWORD;

/** An API client signed in as the seeded admin; dispose() it when done. */
export async function adminApi(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/**
 * Gives the seeded admin room for `count` more chats than they hold now
 * (earlier specs leave chats open, and a new chat waits in the queue while
 * its agent is full), plus room for the chats already queued, which are
 * assigned first (oldest first); returns what puts their capacity back.
 */
export async function roomForChats(api: APIRequestContext, count: number): Promise<() => Promise<void>> {
  const me: { id: string } = await (await api.get('/api/user')).json();
  const team: Array<{ id: string; openChats: number; capacity: number }> = await (await api.get('/api/agent/team')).json();
  const mine = team.find((member) => member.id === me.id);
  expect(mine, 'the admin is on the team').toBeDefined();
  const queued: unknown[] = await (await api.get('/api/agent/chats?status=open&assigned=unassigned')).json();
  count += queued.length;
  const setCapacity = async (capacity: number) => {
    const saved = await api.patch(`/api/admin/agents/${me.id}`, { data: { capacity } });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await setCapacity(Math.min(100, Math.max(mine!.capacity, mine!.openChats + count)));
  return () => setCapacity(mine!.capacity);
}

/** Resolves the chat `page` started (its id is in the page's storage), so a spec leaves no open chat behind. */
export async function resolveChatOf(api: APIRequestContext, page: Page) {
  const stored = await page.evaluate(() => localStorage.getItem('chat-session'));
  const sessionId = stored ? (JSON.parse(stored) as { sessionId: string | null }).sessionId : null;
  if (!sessionId) return;
  const resolved = await api.post(`/api/agent/chats/${sessionId}/resolve`, { data: {} });
  expect(resolved.status(), await resolved.text()).toBe(200);
}

/** The seeded admin, signed in in a browser of their own (`options` for its viewport, theme…). */
export async function signedInAdmin(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, baseURL });
  await presetConsent(context);
  const page = await context.newPage();
  const login = await page.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { context, page };
}

/** The seeded admin, signed in in a browser of their own, with the chat console open and live. */
export async function openAdminConsole(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signedInAdmin(browser, baseURL);
  await page.goto('/admin/chat');
  await expect(page.getByText('Live updates on')).toBeVisible();
  return { context, page };
}

/**
 * Every axe violation on the page (WCAG 2.0/2.1 A and AA rules and axe best practices, all impacts), with
 * up to five offending nodes each; a clean page returns []. The pointer is moved to
 * the corner first so a hover left over from a click is not what gets measured.
 */
export async function axeViolations(page: Page) {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

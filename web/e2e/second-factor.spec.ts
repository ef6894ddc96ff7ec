import { createHmac } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { adminEmail, adminPassword, presetConsent, uniqueEmail } from './helpers';
import { linkInMail } from './mailbox';

const xhr = { 'X-Requested-With': 'XMLHttpRequest' };
const staffPassword = 'totp-Pass-1';

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the shown key. */
function totpCode(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/**
 * The platform under test by name: WebAuthn refuses an IP address as relying party, so the
 * passkey tests open the site at localhost (the gateway's PUBLIC_URL is http://localhost:8080,
 * and it accepts any port of localhost).
 */
const localBaseURL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace('//127.0.0.1', '//localhost');

/** Chromium's virtual authenticator (CDP), a platform one that verifies its user, for the page. */
async function virtualAuthenticator(page: Page): Promise<CDPSession & { authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return Object.assign(cdp, { authenticatorId });
}

/** An admin's API session, apart from any page. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080' });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword }, headers: xhr });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** A new support agent, invited by the admin, with a password set through the emailed link. */
async function newSupportAgent(admin: APIRequestContext): Promise<string> {
  const email = uniqueEmail('totp');
  const invited = await admin.post('/api/admin/agents', { data: { email, name: 'Achieng Otieno', role: 'support' }, headers: xhr });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await linkInMail(email, "You're invited to the Nyota Cloud support team", '/reset-password?token=');
  const token = new URL(link).searchParams.get('token');
  const set = await admin.post('/api/password-reset/confirm', { data: { token, password: staffPassword }, headers: xhr });
  expect(set.status(), await set.text()).toBe(200);
  return email;
}

async function requireFor(admin: APIRequestContext, roles: string[]) {
  const settings = await (await admin.get('/api/site-settings')).json();
  const saved = await admin.put('/api/admin/site-settings', { data: { ...settings, secondFactorRoles: roles }, headers: xhr });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(staffPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The way a signed-in agent finds /account/security: the account menu in the staff top bar. */
async function openAccountSecurity(page: Page) {
  await page.getByRole('button', { name: /^Your account:/ }).click();
  await page.getByRole('link', { name: 'Account security' }).click();
}

/** Sets up the app on /account/security (the page already open); returns the key and the recovery codes. */
async function enrol(page: Page, shot?: (name: string) => Promise<void>) {
  await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot?.('enrol');
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not valid' })).toBeVisible();
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await shot?.('recovery-codes');
  const codes = await list.getByRole('listitem').allInnerTexts();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On. 10 of 10 recovery codes left.')).toBeVisible();
  return { secret, codes };
}

/** Adds a passkey on /account/security (the page already open), the account's first factor. */
async function addPasskey(page: Page, shot?: (name: string) => Promise<void>) {
  await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const name = page.getByLabel('Passkey name');
  await expect(name).toBeFocused();
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText('Give the passkey a name, such as "Work laptop"')).toBeVisible();
  await name.fill('Work laptop');
  await expect(page.getByText('Give the passkey a name, such as "Work laptop"')).toHaveCount(0);
  await shot?.('passkey-add');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  // The first factor: its recovery codes, shown once.
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Work laptop');
  await expect(passkeys).toContainText('not used yet');
  await shot?.('passkey-list');
  if (shot) {
    await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await expect(page.getByRole('button', { name: 'Remove passkey', exact: true })).toBeFocused();
    await shot('passkey-remove-confirm');
    await page.getByRole('button', { name: 'Cancel' }).click();
  }
}

async function signInWithPasskey(page: Page, email: string) {
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // No authenticator app on this account: no code field, the passkey first.
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);
}

async function signOut(page: Page) {
  const out = await page.request.post('/api/logout', { headers: xhr });
  expect(out.status()).toBe(200);
}

test('a support agent sets up an authenticator app, then signs in with a code and with a recovery code', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminApi();
  const email = await newSupportAgent(admin);
  await presetConsent(page.context());
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/admin\/chat$/);
  await openAccountSecurity(page);
  const { secret, codes } = await enrol(page);

  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  // The code that turned the app on is spent: the app's next one signs in.
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/chat$/);

  await signOut(page);
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);

  // The same recovery code does not work twice.
  await signOut(page);
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not valid' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await admin.dispose();
});

test('when the support role requires a second factor, an agent without one is sent to set it up and refused elsewhere', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminApi();
  const email = await newSupportAgent(admin);
  await requireFor(admin, ['support']);
  try {
    await presetConsent(page.context());
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByText('Two-step verification is required for your role')).toBeVisible();
    const refused = await page.request.get('/api/agent/chats');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toContain('Your role requires a second factor');
    // The console is out of reach until a factor is set up...
    await page.goto('/admin/chat');
    await expect(page).toHaveURL(/\/account\/security$/);
    await enrol(page);
    // ...then open.
    await page.goto('/admin/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Live chat console' })).toBeVisible();
  } finally {
    await requireFor(admin, []);
    await admin.dispose();
  }
});

test.describe('passkeys', () => {
  test.use({ baseURL: localBaseURL });

  test('a support agent adds a passkey, then signs in with the password and the passkey', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await adminApi();
    const email = await newSupportAgent(admin);
    await presetConsent(page.context());
    const authenticator = await virtualAuthenticator(page);
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/admin\/chat$/);
    await openAccountSecurity(page);
    await addPasskey(page);
    const { credentials } = await authenticator.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId });
    expect(credentials).toHaveLength(1);

    await signOut(page);
    await signInWithPasskey(page, email);
    await openAccountSecurity(page);
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText(/last used/);

    // Removed (after a confirmation), the password alone signs in again.
    await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await page.getByRole('button', { name: 'Remove passkey', exact: true }).click();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    await signOut(page);
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/admin\/chat$/);
    await admin.dispose();
  });

  test('when the support role requires a second factor, a passkey alone meets it', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await adminApi();
    const email = await newSupportAgent(admin);
    await requireFor(admin, ['support']);
    try {
      await presetConsent(page.context());
      await virtualAuthenticator(page);
      await signInWithPassword(page, email);
      await expect(page).toHaveURL(/\/account\/security$/);
      await expect(page.getByText('Two-step verification is required for your role')).toBeVisible();
      expect((await page.request.get('/api/agent/chats')).status()).toBe(403);
      await addPasskey(page);
      await page.goto('/admin/chat');
      await expect(page.getByRole('heading', { level: 1, name: 'Live chat console' })).toBeVisible();

      await signOut(page);
      await signInWithPasskey(page, email);
      await expect(page.getByRole('heading', { level: 1, name: 'Live chat console' })).toBeVisible();
    } finally {
      await requireFor(admin, []);
      await admin.dispose();
    }
  });
});

const shotsDir = process.env.SHOTS_DIR;

/** Screenshots for review (not a check): SHOTS_DIR=/work/shots-totp ./infra/e2e second-factor.spec.ts */
test('screenshots of setting up and signing in with a second factor', async ({ browser }: { browser: Browser }) => {
  test.skip(!shotsDir, 'SHOTS_DIR is not set');
  test.setTimeout(480_000);
  const admin = await adminApi();
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, colorScheme: theme, baseURL: localBaseURL });
      await presetConsent(context, { theme });
      const page = await context.newPage();
      // From the top: a full-page shot taken mid-scroll draws the sticky header mid-page.
      const shot = async (name: string) => {
        // The sign-in's welcome toast would cover the form at 390 px: closed, as a reader would.
        for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) await close.click();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${shotsDir}/${name}-${viewport.width}-${theme}.png`, fullPage: true });
      };
      const email = await newSupportAgent(admin);
      await signInWithPassword(page, email);
      await expect(page).toHaveURL(/\/admin\/chat$/);
      await openAccountSecurity(page);
      await enrol(page, shot);
      await signOut(page);
      await signInWithPassword(page, email);
      await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      await shot('sign-in-code');
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill('wrong-code1');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'That code is not valid' })).toBeVisible();
      await shot('sign-in-recovery-error');

      // A passkey, for a second agent.
      await page.getByRole('button', { name: 'Start over' }).click();
      const authenticator = await virtualAuthenticator(page);
      const passkeyEmail = await newSupportAgent(admin);
      await signInWithPassword(page, passkeyEmail);
      await expect(page).toHaveURL(/\/admin\/chat$/);
      await openAccountSecurity(page);
      await addPasskey(page, shot);
      await signOut(page);
      await signInWithPassword(page, passkeyEmail);
      await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      await shot('sign-in-passkey');
      // A device that cannot verify its user: the prompt fails, and says so in words.
      await authenticator.send('WebAuthn.setUserVerified', { authenticatorId: authenticator.authenticatorId, isUserVerified: false });
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Passkey sign-in failed' })).toBeVisible({ timeout: 15_000 });
      await shot('sign-in-passkey-error');
      await authenticator.send('WebAuthn.setUserVerified', { authenticatorId: authenticator.authenticatorId, isUserVerified: true });
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(page).toHaveURL(/\/admin\/chat$/);
      await context.close();
    }
  }
  await admin.dispose();
});

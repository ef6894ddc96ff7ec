// The account pages in French and Kiswahili (issue 39): the dashboard and
// account security speak the address's language, their served titles too,
// the waitlist form offered on /register when registration cannot be
// reached, and the sign-out toast. ACCOUNT_SHOTS=DIR saves screenshots of
// /fr/dashboard and /sw/account/security at 1366 and 390 px, light and dark.

import { expect, test } from '@playwright/test';
import { password, presetConsent, registerViaApi } from './helpers';

const shots = process.env.ACCOUNT_SHOTS;

test('a signed-in customer reads the dashboard in French and account security in Kiswahili, and signs out in French', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await presetConsent(context);
  await registerViaApi(context.request);
  const page = await context.newPage();

  const served = await page.goto('/fr/dashboard');
  expect(await served?.text()).toContain('<title>Tableau de bord | Nyota Cloud</title>');
  await expect(page).toHaveTitle('Tableau de bord | Nyota Cloud');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Api User !');
  await expect(page.getByRole('heading', { name: 'Besoin d’aide ?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir les services' })).toHaveAttribute('href', '/fr/iaas');
  await page.getByRole('link', { name: 'Sécurité du compte : vérification en deux étapes' }).click();
  await expect(page).toHaveURL(/\/fr\/account\/security$/);
  await expect(page).toHaveTitle('Sécurité du compte | Nyota Cloud');
  await expect(page.getByRole('heading', { level: 1, name: 'Sécurité du compte' })).toBeVisible();

  await page.goto('/sw/account/security');
  await expect(page).toHaveTitle('Usalama wa Akaunti | Nyota Cloud');
  await expect(page.getByRole('heading', { level: 1, name: 'Usalama wa akaunti' })).toBeVisible();
  await expect(page.getByText('Bado hakuna passkey.')).toBeVisible();
  await page.getByRole('button', { name: 'Weka programu ya uthibitishaji' }).click();
  await expect(page.getByText('Changanua msimbo huu wa QR kwa programu yako ya uthibitishaji.')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Msimbo wa QR/ })).toBeVisible();
  // A code of the wrong length is refused in Kiswahili before anything is sent.
  await page.getByLabel('Msimbo kutoka kwenye programu').fill('12');
  await page.getByRole('button', { name: 'Washa', exact: true }).click();
  await expect(page.getByText('Msimbo una tarakimu 6')).toBeVisible();
  await page.getByRole('button', { name: 'Ghairi' }).click();

  await page.goto('/fr/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('region', { name: /F8/ }).getByText('Vous avez bien été déconnecté.')).toBeVisible();
  await context.close();
});

test('a language chosen while signed in is kept on the account: a sign-in on another device opens the site in it', async ({
  browser,
}) => {
  const first = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await presetConsent(first);
  const email = await registerViaApi(first.request);
  const page = await first.newPage();
  await page.goto('/pricing');
  const saved = page.waitForRequest((request) => request.url().endsWith('/api/user/language') && request.method() === 'PUT');
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('Kiswahili');
  expect((await saved).postDataJSON()).toEqual({ language: 'sw' });
  await expect(page).toHaveURL(/\/sw\/pricing$/);
  await expect
    .poll(async () => ((await (await first.request.get('/api/user')).json()) as { language?: string }).language)
    .toBe('sw');
  await first.close();

  // Another device, never here before: English, until the sign-in.
  const second = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await presetConsent(second);
  const phone = await second.newPage();
  await phone.goto('/login');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password').fill(password);
  await phone.getByRole('button', { name: 'Sign In' }).click();
  await expect(phone).toHaveURL(/\/sw\/dashboard$/);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Karibu, Api User!');
  expect((await second.cookies()).find((cookie) => cookie.name === 'nyota_lang')?.value).toBe('sw');
  await second.close();
});

test('the waitlist form offered on /sw/register speaks Kiswahili, and so does its thank-you', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await presetConsent(context);
  const page = await context.newPage();
  // Registration out of reach: the page offers the waitlist.
  await page.route('**/api/register', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/sw/register');
  await page.getByLabel('Jina la Kwanza').fill('Amina');
  await page.getByLabel('Jina la Mwisho').fill('Otieno');
  await page.getByLabel('Anwani ya Barua Pepe').fill('amina@example.com');
  await page.getByLabel('Namba ya Simu').fill('+254700000003');
  await page.getByLabel('Nenosiri', { exact: true }).fill('e2e-Passw0rd!');
  await page.getByLabel('Thibitisha Nenosiri').fill('e2e-Passw0rd!');
  await page.getByRole('button', { name: 'Fungua Akaunti' }).click();
  const waitlist = page.getByRole('region', { name: 'Jiunge na orodha yetu ya kusubiri' });
  await expect(waitlist).toBeVisible();
  await waitlist.getByLabel('Barua pepe').fill('not-an-address');
  await waitlist.getByRole('button', { name: 'Jiunge na orodha ya kusubiri' }).click();
  await expect(waitlist.getByText('Tafadhali weka anwani sahihi ya barua pepe')).toBeVisible();
  await waitlist.getByLabel('Barua pepe').fill(`waitlist-${Date.now()}@example.com`);
  await waitlist.getByLabel('Jina (si lazima)').fill('Amina');
  await waitlist.getByRole('button', { name: 'Jiunge na orodha ya kusubiri' }).click();
  await expect(waitlist.getByText('Uko kwenye orodha', { exact: true })).toBeVisible();
  await expect(waitlist.getByText('Asante! Uko kwenye orodha ya kusubiri. Tumekutumia barua pepe ya uthibitisho.')).toBeVisible();
  await context.close();
});

test('screenshots of /fr/dashboard and /sw/account/security', async ({ browser }) => {
  test.skip(!shots, 'ACCOUNT_SHOTS not set');
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      await presetConsent(context, { theme });
      await registerViaApi(context.request);
      const page = await context.newPage();
      await page.goto('/fr/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Api User !');
      await page.screenshot({ path: `${shots}/fr-dashboard-${viewport.width}-${theme}.png`, fullPage: true });
      await page.goto('/sw/account/security');
      await expect(page.getByRole('heading', { name: 'Passkey', exact: true })).toBeVisible();
      await page.screenshot({ path: `${shots}/sw-security-${viewport.width}-${theme}.png`, fullPage: true });
      await context.close();
    }
  }
});

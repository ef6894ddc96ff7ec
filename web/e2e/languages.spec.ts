// The site in English, French and Kiswahili (issue 39, first part): the
// language is in the address (/fr/…, /sw/…), the served page says it
// (`<html lang>`), the header and footer speak it, and the switcher in the
// header and the links in the footer load this page in another language
// and remember the choice. LANG_SHOTS=DIR saves screenshots of both.

import { expect, test, type Page } from '@playwright/test';
import { presetConsent } from './helpers';

const shots = process.env.LANG_SHOTS;

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('a French page is served in French, and the header switches it to Kiswahili, remembered', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await presetConsent(context);
  const page = await context.newPage();
  const response = await page.goto('/fr/about');
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain('<html lang="fr">');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await expect(header.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Événements' })).toHaveAttribute('href', '/fr/events');
  await expect(page.getByRole('contentinfo')).toContainText('Tous droits réservés.');

  await header.getByRole('combobox', { name: 'Langue' }).selectOption('Kiswahili');
  await expect(page).toHaveURL(/\/sw\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ingia' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'nyota_lang')?.value).toBe('sw');

  // The footer's links lead back to English, at today's path.
  await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'nyota_lang')?.value).toBe('en');
  await context.close();
});

test('the header and footer fit in every language from 320 px up, light and dark', async ({ browser }) => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [320, 390, 1024, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: theme });
      await presetConsent(context, { theme });
      const page = await context.newPage();
      for (const path of ['/', '/fr', '/sw']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await noSidewaysScroll(page);
        if (shots && (width === 390 || width === 1366)) {
          const name = `${path === '/' ? 'en' : path.slice(1)}-${width}-${theme}`;
          await page.screenshot({ path: `${shots}/${name}-top.png` });
          await page.getByRole('contentinfo').screenshot({ path: `${shots}/${name}-footer.png` });
          if (width === 390) {
            await page.getByRole('button', { name: /menu|Menyu/i }).click();
            await page.screenshot({ path: `${shots}/${name}-menu.png` });
          }
        }
      }
      await context.close();
    }
  }
});

test('the home page, the cookie banner and a missing page speak the language of the address', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await presetConsent(context, { consent: false });
  const page = await context.newPage();
  await page.goto('/sw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Tunafanya suluhisho za wingu ziwe nafuu, zifikike kwa urahisi na zilete mageuzi kwa biashara ndogo na za kati',
  );
  await expect(page.getByRole('tab', { name: 'Nodi' })).toHaveAttribute('aria-selected', 'true');
  const response = await page.goto('/sw/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Ukurasa Haujapatikana' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rudi mwanzo' })).toHaveAttribute('href', '/sw');

  await page.goto('/fr/about');
  const banner = page.getByRole('region', { name: 'Consentement aux cookies' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/fr/privacy');
  if (shots) await page.screenshot({ path: `${shots}/fr-390-light-cookie-banner.png` });
  await banner.getByRole('button', { name: 'Tout accepter' }).click();
  await expect(banner).toBeHidden();
  await context.close();
});

test('a French browser is offered the French page, in French, and is not redirected', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  await presetConsent(context);
  const page = await context.newPage();
  await page.goto('/about');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const offer = page.getByRole('region', { name: 'Langue' });
  await expect(offer).toContainText('Cette page existe aussi en français.');
  if (shots) await page.screenshot({ path: `${shots}/en-390-light-suggestion.png` });
  await offer.getByRole('link', { name: 'La lire en français' }).click();
  await expect(page).toHaveURL(/\/fr\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // Chosen: no offer on the next page, in either language.
  await expect(page.getByRole('region', { name: 'Langue' })).toHaveCount(0);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Langue' })).toHaveCount(0);
  await context.close();
});

test("a translated page has its title, canonical address and hreflang links in each language, also after moving within the site", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await presetConsent(context);
  const page = await context.newPage();
  const canonical = () => page.locator('link[rel="canonical"]').getAttribute('href');
  const alternate = (hreflang: string) => page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`).getAttribute('href');
  await page.goto('/sw');
  await expect(page).toHaveTitle('Nyota Cloud | Suluhisho za Wingu kwa Bei Nafuu kwa Biashara Ndogo na za Kati Afrika');
  expect(new URL((await canonical())!).pathname).toBe('/sw');
  expect(new URL((await alternate('fr'))!).pathname).toBe('/fr');
  expect(new URL((await alternate('x-default'))!).pathname).toBe('/');

  // A page not yet translated: the English address is its canonical one, with no alternates.
  await page.getByRole('contentinfo').getByRole('link', { name: 'AI ya Ukingoni' }).click();
  await expect(page).toHaveURL(/\/sw\/edge$/);
  await expect.poll(async () => new URL((await canonical())!).pathname).toBe('/edge');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);

  // Back home within the site: the Kiswahili tags again.
  await page.getByRole('banner').getByRole('link', { name: /Nyota/ }).first().click();
  await expect(page).toHaveURL(/\/sw$/);
  await expect(page).toHaveTitle(/^Nyota Cloud \| Suluhisho/);
  await expect.poll(async () => new URL((await canonical())!).pathname).toBe('/sw');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(4);
  await context.close();
});

import { expect, test } from '@playwright/test';
import { password, presetConsent, uniqueEmail } from './helpers';
import { mailsTo } from './mailbox';

const shotsDir = process.env.SHOTS_DIR;

/**
 * Screenshots for review (not a check) of the site in each language (issue
 * 39): the home page, the virtual servers' pricing, a product page, the chat
 * widget and the welcome email, at 1366×768 and 390 px, light and dark:
 * SHOTS_DIR=/work/shots-languages ./infra/e2e languages-shots.spec.ts
 */
test('screenshots of the home, pricing, a product page, the widget and an email in English, French and Kiswahili', async ({
  browser,
  request,
}) => {
  test.skip(!shotsDir, 'SHOTS_DIR is not set');
  test.setTimeout(600_000);
  for (const lang of ['en', 'fr', 'sw'] as const) {
    const prefix = lang === 'en' ? '' : `/${lang}`;
    // The welcome email of an account registered on a page in this language.
    const email = uniqueEmail(`shots-${lang}`);
    const registered = await request.post('/api/register', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { username: email, email, password, name: 'Amina Otieno', phone: '+254700000002', language: lang },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const welcome = (await mailsTo(email))[0]!;

    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 390, height: 844 },
      ]) {
        const context = await browser.newContext({ viewport, colorScheme: theme, locale: lang });
        await presetConsent(context, { theme });
        const page = await context.newPage();
        const shot = (name: string) =>
          page.screenshot({ path: `${shotsDir}/${lang}-${name}-${viewport.width}-${theme}.png` });
        await page.goto(`${prefix}/`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shot('home');
        await page.goto(`${prefix}/virtual-servers`);
        await page.locator('#pricing').scrollIntoViewIfNeeded();
        await expect(page.locator('#pricing')).toBeInViewport();
        await page.waitForTimeout(400);
        await shot('pricing');
        await page.goto(`${prefix}/bare-metal-servers`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shot('product');
        await page.locator('#chat-launcher').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.waitForTimeout(400);
        await shot('widget');
        await page.setContent(welcome.html);
        await shot('email-welcome');
        await context.close();
      }
    }
  }
});

import { expect, test } from '@playwright/test';
import { axeViolations, presetConsent, registerViaApi } from './helpers';

const pages = ['/', '/login', '/register', '/auth', '/auth?tab=register', '/forgot-password', '/no-such-page'];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe (${theme})`, () => {
    test.beforeEach(async ({ context }) => {
      await presetConsent(context, { theme });
    });

    for (const path of pages) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('/dashboard signed in has no axe violations', async ({ page }) => {
      await registerViaApi(page.request);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test('open menus and the cookie banner have no axe violations', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      await presetConsent(context, { theme, consent: false });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' }).click();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { presetConsent, registerViaApi } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

const pages = ['/', '/login', '/register', '/auth', '/auth?tab=register', '/forgot-password', '/no-such-page'];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe (${theme})`, () => {
    test.beforeEach(async ({ context }) => {
      await presetConsent(context, { theme });
    });

    for (const path of pages) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('/dashboard signed in has no serious or critical violations', async ({ page }) => {
      await registerViaApi(page.request);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('open menus and the cookie banner have no serious or critical violations', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      await presetConsent(context, { theme, consent: false });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  });
}

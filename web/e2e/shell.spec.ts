import { expect, test } from '@playwright/test';
import { presetConsent } from './helpers';

test.describe('cookie banner', () => {
  test('appears after about 1.5 s, stores the choice and respects it after reload', async ({ page }) => {
    const start = Date.now();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await page.waitForTimeout(Math.max(0, 900 - (Date.now() - start)));
    await expect(banner).toHaveCount(0);
    await expect(banner).toBeVisible({ timeout: 4000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('true');

    await page.reload();
    await page.waitForTimeout(2500);
    await expect(banner).toHaveCount(0);
  });

  test('Decline stores false', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Decline' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('false');
  });

  test('the small-screen close button stores false', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Close cookie banner' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('false');
  });
});

test.describe('with consent given', () => {
  test.beforeEach(async ({ context }) => {
    await presetConsent(context);
  });

  test('theme persists across reload and follows the OS setting', async ({ page }) => {
    const html = page.locator('html');
    const themeColor = page.locator('meta[name="theme-color"]');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(html).not.toHaveClass(/dark/);
    await expect(themeColor).toHaveAttribute('content', '#E90076');

    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(html).toHaveClass(/dark/);
    await expect(themeColor).toHaveAttribute('content', '#1f2937');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'System theme' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/dark/);
    await expect(themeColor).toHaveAttribute('content', '#1f2937');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/dark/);

    // Before any script of the app runs, the inline script already applied the stored theme.
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.unroute('**/assets/*.js');
  });

  test('unknown path: 404 page, title and HTTP status', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('404 Page Not Found');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('known routes answer 200 and aliases redirect', async ({ page }) => {
    const response = await page.goto('/kaa-rada');
    expect(response?.status()).toBe(200);
    await page.goto('/nyota-bi');
    await expect(page).toHaveURL(/\/data-forge$/);
    await page.goto('/terms');
    await expect(page).toHaveURL(/\/terms-of-service$/);
  });

  test('mobile menu: Products and Solutions submenus are mutually exclusive', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    const products = mobile.getByRole('button', { name: 'Products' });
    const solutions = mobile.getByRole('button', { name: 'Solutions' });

    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(mobile.getByRole('link', { name: 'Bare Metal Servers' })).toBeVisible();

    await solutions.click();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(mobile.getByRole('link', { name: 'Bare Metal Servers' })).toBeHidden();
    await expect(mobile.getByRole('link', { name: 'Flexicloud' })).toBeVisible();

    await mobile.getByRole('link', { name: 'Flexicloud' }).click();
    await expect(page).toHaveURL(/\/solutions\/nyota-finance$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
  });

  test('keyboard-only navigation of the header', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const products = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' });
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      if (await products.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(products).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    const first = page.getByRole('link', { name: /Infrastructure Services/ });
    await expect(first).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(products).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/iaas$/);
    await expect(page.getByRole('heading', { name: 'Infrastructure Services' })).toBeVisible();
  });
});

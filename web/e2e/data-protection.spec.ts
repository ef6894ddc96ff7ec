import { expect, test, type Page } from '@playwright/test';
import { presetConsent } from './helpers';

/** The public routes of the route table (spec §2), each opened as a visitor would. */
const publicRoutes = [
  '/',
  '/auth',
  '/login',
  '/register',
  '/forgot-password',
  '/blog',
  '/events',
  '/testimonials',
  '/about',
  '/finance',
  '/solutions/nyota-finance',
  '/iaas',
  '/contact',
  '/bare-metal-servers',
  '/managed-infrastructure',
  '/virtual-servers',
  '/data-forge',
  '/storage-solutions',
  '/kaa-rada',
  '/edge',
  '/privacy',
  '/terms-of-service',
  '/security-compliance',
  '/service-level-agreement',
  '/data-processing-agreement',
];

/** Every request the page makes to another origin (data: and blob: are the page's own). */
function recordOutsideRequests(page: Page, origin: string): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) outside.push(`${page.url()} -> ${request.url()}`);
  });
  return outside;
}

test.describe('no third-party request before a click', () => {
  for (const consent of [false, true]) {
    test(`the public pages load nothing from outside this site (${consent ? 'cookies accepted' : 'no choice yet'})`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      if (consent) await presetConsent(context);
      const origin = new URL(baseURL ?? 'http://127.0.0.1:8080').origin;
      const outside = recordOutsideRequests(page, origin);
      for (const route of publicRoutes) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Lazy images, the banner's delay, idle prefetches: give them time.
        await page.mouse.wheel(0, 4000);
        await page.waitForLoadState('networkidle');
      }
      if (!consent) {
        // The banner came and went without loading anything from outside.
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      }
      expect(outside).toEqual([]);
    });
  }

  test('the hero video loads from its host only once the visitor presses play', async ({ page, context, baseURL }) => {
    await presetConsent(context);
    const origin = new URL(baseURL ?? 'http://127.0.0.1:8080').origin;
    const outside = recordOutsideRequests(page, origin);
    await page.goto('/');
    const play = page.getByRole('button', { name: /Play video/ });
    await play.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(outside).toEqual([]);
    await play.click();
    await expect(page.locator('iframe[title^="Video:"]')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  });
});

test('the cookie choice is on record, changed from the footer, and analytics follows it at once', async ({ page }) => {
  const pageViews: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/pageview')) {
      pageViews.push((JSON.parse(request.postData() ?? '{}') as { path: string }).path);
    }
  });
  const onRecord = async () => {
    const response = await page.request.get('/api/consent');
    expect(response.status()).toBe(200);
    return (await response.json()) as { choice: { accepted: boolean; policyVersion: string } | null; policyVersion: string };
  };
  expect((await onRecord()).choice).toBeNull();

  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/consent') && r.request().method() === 'POST');
  await banner.getByRole('button', { name: 'Accept All' }).click();
  expect((await recorded).status()).toBe(200);
  await expect(banner).toHaveCount(0);
  const accepted = await onRecord();
  expect(accepted.choice?.accepted).toBe(true);
  expect(accepted.choice?.policyVersion).toBe(accepted.policyVersion);
  await expect.poll(() => pageViews).toEqual(['/about']);
  const cookies = await page.context().cookies();
  const consentCookie = cookies.find((c) => c.name === 'nyota_consent');
  expect(consentCookie?.httpOnly).toBe(true);

  // "Cookie settings" in the footer reopens the banner at once, with the choice shown.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId('cookie-current-choice')).toHaveText('You currently accept analytics cookies.');
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/consent') && r.request().method() === 'POST');
  await banner.getByRole('button', { name: 'Decline' }).click();
  expect((await changed).status()).toBe(200);
  expect((await onRecord()).choice?.accepted).toBe(false);
  // The same consent id: the cookie was kept, only the choice changed.
  expect((await page.context().cookies()).find((c) => c.name === 'nyota_consent')?.value).toBe(consentCookie?.value);

  // Analytics stopped at once: moving on sends no page view.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.waitForLoadState('networkidle');
  expect(pageViews).toEqual(['/about']);

  // After a reload the choice still holds and the banner stays away.
  await page.reload();
  await page.waitForTimeout(2000);
  await expect(banner).toHaveCount(0);
  expect(pageViews).toEqual(['/about']);
});

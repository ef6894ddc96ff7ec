import { expect, test } from '@playwright/test';
import { defaultSiteSettings } from '../src/api-types/site-settings-defaults';
import { axeViolations, presetConsent } from './helpers';

const headline = 'Making cloud solutions affordable, accessible and transformative for SMEs';

test.describe('home page', () => {
  test.beforeEach(async ({ context }) => {
    await presetConsent(context);
  });

  test('the headline and its two calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
    const book = page.getByRole('main').getByRole('link', { name: /^Book a Call/ });
    await expect(book).toHaveAttribute('href', defaultSiteSettings.bookingUrl);
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('main').getByRole('link', { name: 'Request a Quote' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('the video poster makes no third-party request; the player iframe comes only after the click', async ({
    page,
    baseURL,
  }) => {
    const ownHost = new URL(baseURL!).host;
    const foreign: string[] = [];
    const isForeign = (url: URL) => /^https?:$/.test(url.protocol) && url.host !== ownHost;
    page.on('request', (request) => {
      if (isForeign(new URL(request.url()))) foreign.push(request.url());
    });
    // Never actually reach the video host from the test machine.
    await page.route(isForeign, (route) => route.abort());

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(foreign).toEqual([]);

    await page.getByRole('button', { name: /^Play video/ }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', defaultSiteSettings.heroVideoUrl);
    await expect.poll(() => foreign.length).toBeGreaterThan(0);
    expect(new URL(foreign[0]!).host).toBe(new URL(defaultSiteSettings.heroVideoUrl).host);
  });

  test('the partner strip names 14 unique partners once, the loop copy hidden, still under reduced motion', async ({
    page,
  }) => {
    await page.goto('/');
    // The home page is a chunk of its own: the strip is there once it has loaded.
    const strip = page.getByRole('list', { name: 'Partners' });
    await expect(strip).toBeVisible();
    const names = await strip.getByRole('listitem').allInnerTexts();
    expect(names).toHaveLength(14);
    expect(new Set(names).size).toBe(14);
    expect(names).toEqual(defaultSiteSettings.partners);
    await expect(page.locator('.partner-marquee-copy')).toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('.partner-marquee-copy li')).toHaveCount(14);

    const animation = () => page.locator('.partner-marquee-track').evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe('partner-marquee');
    const playState = () =>
      page.locator('.partner-marquee-track').evaluate((el) => getComputedStyle(el).animationPlayState);
    await page.getByRole('button', { name: /Pause partner animation/ }).click();
    expect(await playState()).toBe('paused');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
    await expect(page.locator('.partner-marquee-copy')).toBeHidden();
  });

  test('the product tabs work by keyboard and Read More leads where the spec says', async ({ page }) => {
    await page.goto('/');
    const tablist = page.getByRole('tablist', { name: 'Products' });
    await expect(tablist.getByRole('tab')).toHaveText(['Nodes', 'Nyota BI', 'CloudX', 'Edge AI', 'SME']);
    const targets = ['/bare-metal-servers', '/nyota-bi', '/flexi-cloud', '/edge', '/iaas'];
    const readMore = () => page.getByRole('tabpanel').getByRole('link', { name: /^Read More/ });

    await tablist.getByRole('tab', { name: 'Nodes' }).focus();
    await expect(tablist.getByRole('tab', { name: 'Nodes' })).toHaveAttribute('aria-selected', 'true');
    for (const [index, target] of targets.entries()) {
      if (index > 0) await page.keyboard.press('ArrowRight');
      await expect(tablist.getByRole('tab').nth(index)).toBeFocused();
      await expect(tablist.getByRole('tab').nth(index)).toHaveAttribute('aria-selected', 'true');
      await expect(readMore()).toHaveAttribute('href', target);
    }
    await page.keyboard.press('Home');
    await expect(tablist.getByRole('tab', { name: 'Nodes' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(tablist.getByRole('tab', { name: 'SME' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tablist.getByRole('tab', { name: 'Nodes' })).toHaveAttribute('aria-selected', 'true');

    await readMore().click();
    await expect(page).toHaveURL(/\/bare-metal-servers$/);
  });

  test('testimonial cards open one at a time, by mouse and keyboard', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'What our clients say' });
    const cards = section.getByRole('button');
    await expect(cards).toHaveCount(4);
    const expanded = () => cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-expanded')));

    await cards.nth(0).click();
    expect(await expanded()).toEqual(['true', 'false', 'false', 'false']);
    await cards.nth(3).click();
    expect(await expanded()).toEqual(['false', 'false', 'false', 'true']);
    await cards.nth(3).click();
    expect(await expanded()).toEqual(['false', 'false', 'false', 'false']);

    await cards.nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual(['false', 'true', 'false', 'false']);
    await page.keyboard.press('Tab');
    await expect(cards.nth(2)).toBeFocused();
    await page.keyboard.press('Space');
    expect(await expanded()).toEqual(['false', 'false', 'true', 'false']);
  });

  test('the services section is #services with Nodes, CloudX, BI and Edge AI', async ({ page }) => {
    await page.goto('/#services');
    const services = page.locator('section#services');
    await expect(services.getByRole('heading', { level: 2 })).toHaveText('Our services');
    await expect(services.getByRole('heading', { level: 3 })).toHaveText(['Nodes', 'CloudX', 'Nyota BI', 'Edge AI']);
    await expect(services).toContainText('use now and pay later', { ignoreCase: true });
    await expect(services).toContainText('Automated reconciliation');
  });
});

for (const width of [360, 1280]) {
  test(`the chat launcher stays clickable while the cookie banner shows (${width} px)`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    // Nothing on the page is wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    // The launcher moves above the banner; wait for it to settle there.
    await expect
      .poll(async () => {
        const [b, l] = await Promise.all([banner.boundingBox(), launcher.boundingBox()]);
        return b && l ? l.y + l.height <= b.y : false;
      })
      .toBe(true);
    // Both are usable: nothing intercepts a click on either.
    await banner.getByRole('button', { name: 'Accept All' }).click({ trial: true });
    await launcher.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await context.close();
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on / (${theme})`, async ({ page, context }) => {
    await presetConsent(context, { theme });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // And with a testimonial open and another tab selected.
    await page.getByRole('region', { name: 'What our clients say' }).getByRole('button').first().click();
    await page.getByRole('tab', { name: 'CloudX' }).click();
    expect(await axeViolations(page)).toEqual([]);
  });
}

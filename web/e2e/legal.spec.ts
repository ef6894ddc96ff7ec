import { expect, test } from '@playwright/test';
import { axeViolations, presetConsent } from './helpers';

const pages = [
  { path: '/privacy', title: 'Privacy Policy', sections: 9 },
  { path: '/terms-of-service', title: 'Terms of Service', sections: 10 },
  { path: '/security-compliance', title: 'Security & Compliance', sections: 11 },
  { path: '/service-level-agreement', title: 'Service Level Agreement', sections: 10 },
  { path: '/data-processing-agreement', title: 'Data Processing Agreement', sections: 11 },
];

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

for (const { path, title, sections } of pages) {
  test(`${path}: h1, ${sections} numbered sections and a contents list`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Nyota Cloud`);
    await expect(page.locator('main section[id^="section-"]')).toHaveCount(sections);
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await expect(toc.getByRole('link')).toHaveCount(sections);
    await expect(page.getByText(/Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  });
}

test('a contents link moves to its section', async ({ page }) => {
  await page.goto('/terms-of-service');
  const toc = page.getByRole('navigation', { name: 'Table of contents' });
  await toc.getByRole('link', { name: '9. Limitation of Liability' }).click();
  await expect(page).toHaveURL(/\/terms-of-service#section-9$/);
  const heading = page.locator('#section-9').getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('9. Limitation of Liability');
  await expect(heading).toBeInViewport();
});

test('a link to #section-9 opens at that section', async ({ page }) => {
  await page.goto('/privacy#section-9');
  const heading = page.locator('#section-9').getByRole('heading', { level: 2 });
  await expect(heading).toBeInViewport();
  // Scroll-to-top after navigation must not undo it.
  await page.waitForTimeout(500);
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
});

test('the privacy policy is dated April 23, 2025 and the terms today', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText('Last updated: April 23, 2025')).toBeVisible();
  await page.goto('/terms-of-service');
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
  );
  await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();
});

test('the DPA is version 2.0', async ({ page }) => {
  await page.goto('/data-processing-agreement');
  await expect(page.getByText(/^Version 2\.0 · Last updated: /)).toBeVisible();
});

test('the breadcrumb leads home', async ({ page }) => {
  await page.goto('/privacy');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('Home');
  await expect(breadcrumb).toContainText('Privacy Policy');
  await breadcrumb.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the SLA tables show the figures of spec §9', async ({ page }) => {
  await page.goto('/service-level-agreement');
  const cells = (name: string) =>
    page
      .getByRole('table', { name })
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent?.trim())));

  const uptime = page.getByRole('table', { name: 'Uptime and service credit by service' });
  await expect(uptime.getByRole('columnheader')).toHaveText(['Service', 'Uptime', 'Downtime allowed per month', 'Credit']);
  expect(await cells('Uptime and service credit by service')).toEqual([
    ['IaaS', '99.9%', '43.2 minutes', '10%'],
    ['Bare metal', '99.95%', '21.6 minutes', '15%'],
    ['Virtual private servers', '99.9%', '43.2 minutes', '10%'],
    ['Managed infrastructure', '99.95%', '21.6 minutes', '15%'],
    ['Storage', '99.99%', '4.32 minutes', '20%'],
  ]);
  expect((await cells('Support response by priority')).map((r) => r.slice(0, 2))).toEqual([
    ['Critical', '15 minutes'],
    ['High', '1 hour'],
    ['Medium', '4 hours'],
    ['Low', '24 hours'],
  ]);
  expect(await cells('Maintenance commitments')).toEqual([
    ['Advance notice', 'At least 72 hours'],
    ['Preferred window', 'Sunday 02:00-06:00 EAT'],
    ['Emergency maintenance notice', '4 hours'],
    ['Maximum duration', '4 hours'],
  ]);
  expect(await cells('Availability credit tiers')).toEqual([
    ['99.0-99.89%', '10%'],
    ['98.0-98.99%', '25%'],
    ['Below 98%', '50%'],
  ]);
  const commitments = page.getByRole('list', { name: 'Key commitments' });
  await expect(commitments.getByRole('listitem')).toHaveText(['Under 1 hourresponse', 'Under 4 hoursresolution', '24/7support']);
});

test('legal pages fit a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const { path } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe (${theme})`, () => {
    test.beforeEach(async ({ context }) => {
      await presetConsent(context, { theme });
    });

    for (const { path } of pages) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

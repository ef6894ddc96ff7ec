import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, presetConsent } from './helpers';

// The site-settings defaults (web/src/lib/site-settings.ts) the pages show.
const bookingUrl = 'https://calendar.app.google/nyota-cloud-booking';
const enterpriseAgentUrl = 'https://agents.nyota.example';
const salesEmail = 'sales@nyota.example';

/** Links of the page body (not the header or footer) named `name`; external ones carry " (opens in a new tab)". */
function links(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}(\\s*\\(opens in a new tab\\))?$`) });
}

async function expectExternal(page: Page, name: string, href: string, count = 1) {
  const found = links(page, name);
  await expect(found).toHaveCount(count);
  for (const link of await found.all()) {
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
}

async function expectInternal(page: Page, name: string, path: string, count = 1) {
  const found = links(page, name);
  await expect(found).toHaveCount(count);
  for (const link of await found.all()) {
    await expect(link).toHaveAttribute('href', new RegExp(`^${path}([?#].*)?$`));
    await expect(link).not.toHaveAttribute('target', /.*/);
  }
}

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test('/kaa-rada: plans, quote, demo, #cta and sales mailbox', async ({ page }) => {
  await page.goto('/kaa-rada');
  await expect(page).toHaveTitle(/Kaa Rada Cloud CCTV/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kaa Rada Cloud CCTV');
  await expectInternal(page, 'Get Quote', '/contact');
  await expectInternal(page, 'Get Custom Quote', '/contact');
  await expectExternal(page, 'Book a Demo', bookingUrl, 2);
  const sme = page.getByRole('article', { name: 'SME Cluster' });
  await expect(sme).toContainText('Most Popular');
  await expect(sme).toContainText('KES 50,000');
  await expect(page.getByRole('article', { name: 'Starter Cluster' })).toContainText('KES 15,000');
  await expect(page.getByRole('link', { name: 'Get Started: Starter Cluster' })).toHaveAttribute('href', '#cta');
  const getStarted = page.getByRole('link', { name: 'Get Started: SME Cluster' });
  await expect(getStarted).toHaveAttribute('href', '#cta');
  await expect(page.getByRole('link', { name: 'Contact Sales: Enterprise Cluster' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${salesEmail}\\?subject=`),
  );
  await getStarted.click();
  await expect(page).toHaveURL(/#cta$/);
  await expect(page.locator('#cta')).toBeInViewport();
  await expect(page.locator('#cta').getByRole('link', { name: /^Get Custom Quote/ })).toBeVisible();
});

test('/edge: planned cluster with every call to action', async ({ page }) => {
  await page.goto('/edge');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edge AI & GPU Cloud');
  await expect(page.getByText('EARLY ACCESS · PLANNED GPU CLUSTER')).toBeVisible();
  for (const name of ['Power Engines', 'Chat AI', 'Edge Solutions', 'Who Is This For?']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('listitem').filter({ hasText: /^Llama 3\.1$/ })).toBeVisible();
  await expectExternal(page, 'Book a Call', bookingUrl);
  await expectInternal(page, 'Back the Project', '/dashboard', 2);
  await expectInternal(page, 'Reserve Capacity', '/contact');
  await expectInternal(page, 'View All Use Cases', '/iaas');
  await expectExternal(page, 'Launch Enterprise Agent', enterpriseAgentUrl);
  const hero = page.getByRole('img', { name: /GPU nodes/ });
  await expect(hero).toHaveJSProperty('complete', true);
  expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('/iaas: features, claims and links', async ({ page }) => {
  await page.goto('/iaas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Infrastructure Services');
  for (const name of ['Virtual Servers', 'Cloud Storage', 'Network Infrastructure', 'Security & Compliance']) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Why Choose Nyota Cloud' })).toBeVisible();
  for (const figure of ['99.9%', '24/7', '500+']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  await expectExternal(page, 'Book a Call', bookingUrl);
  await expectInternal(page, 'Request a Quote', '/contact');
  await expectExternal(page, 'Book a Demo', bookingUrl);
  await expectInternal(page, 'Get Custom Quote', '/contact');
});

test('/about: mission pillars, story and values', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Nyota Cloud');
  for (const name of ['Our Mission', 'Our Story', 'Our Values']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  for (const name of ['Infrastructure', 'Security', 'Performance', 'Local Expertise', 'Innovation', 'Reliability', 'Partnership']) {
    await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
  }
});

test('/testimonials: stats, featured and other stories, star labels, call to action', async ({ page }) => {
  await page.goto('/testimonials');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const [value, label] of [
    ['250+', 'Satisfied Clients'],
    ['99.9%', 'Average Uptime'],
    ['35+', 'African Countries'],
    ['24/7', 'Expert Support'],
  ]) {
    await expect(page.getByRole('definition').filter({ hasText: value })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
  }
  const featured = page.getByRole('region', { name: 'Featured Success Stories' });
  const others = page.getByRole('region', { name: 'What Our Clients Say' });
  const featuredCount = await featured.getByRole('figure').count();
  expect(featuredCount).toBeGreaterThan(0);
  await expect(others.getByRole('figure')).toHaveCount(8 - featuredCount);
  await expect(page.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveCount(8);
  await expectInternal(page, 'Get Started Today', '/register');
  await expectExternal(page, 'Schedule Consultation', bookingUrl);
  await expectInternal(page, 'Contact Us', '/contact');
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe (${theme})`, () => {
    test.beforeEach(async ({ context }) => {
      await presetConsent(context, { theme });
    });

    for (const path of ['/kaa-rada', '/edge', '/iaas', '/about', '/testimonials']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/kaa-rada', '/edge', '/iaas', '/about', '/testimonials']) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, presetConsent } from './helpers';

// The five product pages of content-and-data-pages.md §2: headings, buttons and
// their targets, the plan figures of §9, the storage tabs, and axe in both themes.

/** Links in the page body by visible label (external ones also say "(opens in a new tab)"). */
const links = (main: Locator, label: string) =>
  main.getByRole('link', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\(opens in a new tab\\))?$`) });

async function expectBooking(link: Locator) {
  await expect(link).toHaveAttribute('href', /^https:\/\//);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

async function expectAllBooking(main: Locator, label: string, count: number) {
  await expect(links(main, label)).toHaveCount(count);
  for (const link of await links(main, label).all()) await expectBooking(link);
}

async function expectInternal(main: Locator, label: string, href: string) {
  const found = links(main, label);
  await expect(found.first()).toHaveAttribute('href', href);
  for (const link of await found.all()) {
    await expect(link).toHaveAttribute('href', href);
    await expect(link).not.toHaveAttribute('target', '_blank');
  }
}

async function open(page: Page, path: string, heading: string, badge: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const main = page.getByRole('main');
  await expect(main.getByText(badge, { exact: true })).toBeVisible();
  return main;
}

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test('/bare-metal-servers: hero, stats, the four plans and the closing call', async ({ page }) => {
  const main = await open(page, '/bare-metal-servers', 'Raw Performance, Zero Compromises', 'BARE METAL SERVERS');
  await expectAllBooking(main, 'Book a Call', 1);
  await expectInternal(main, 'Request a Quote', '/contact');
  for (const stat of ['100%', '24/7', 'Tier-3']) await expect(main.getByRole('definition').filter({ hasText: stat })).toBeVisible();

  const plans = main.getByRole('region', { name: 'Dedicated Servers' });
  const expected = [
    ['STANDARD', '$99', '4', '16GB', '240GB SSD', '1Gbps'],
    ['BUSINESS', '$199', '8', '32GB', '480GB SSD', '1Gbps'],
    ['ENTERPRISE', '$399', '16', '64GB', '960GB SSD', '10Gbps'],
  ];
  for (const [name, price, cores, ram, storage, network] of expected) {
    const card = plans.getByRole('article', { name });
    await expect(card).toContainText(`${price}/month`);
    for (const text of [`CPU Cores: ${cores}`, `RAM: ${ram}`, `Storage: ${storage}`, `Network: ${network}`]) {
      await expect(card).toContainText(text);
    }
  }
  const custom = plans.getByRole('article', { name: 'CUSTOM' });
  await expect(custom).toContainText('Custom pricing');
  for (const text of ['CPU Cores: Custom', 'RAM: Custom', 'Storage: Custom', 'Network: Custom']) await expect(custom).toContainText(text);
  const quote = custom.getByRole('link', { name: /Get a Quote/ });
  await expect(quote).toHaveAttribute('href', /^\/contact\?subject=.+#contact-form$/);

  for (const title of ['Banking & Financial Services', 'APIs & Workloads', 'Healthcare & Public Sector']) {
    await expect(main.getByRole('region', { name: 'Ideal Use Cases' }).getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(main.getByRole('region', { name: 'How It Works' }).getByRole('listitem')).toHaveCount(3);
  await expectAllBooking(main, 'Book a Consultation', 1);
  await expectInternal(main, 'Contact Sales', '/contact');

  await quote.click();
  await expect(page).toHaveURL(/\/contact\?subject=/);
});

test('/managed-infrastructure: hero, the sections and the closing call', async ({ page }) => {
  const main = await open(page, '/managed-infrastructure', 'We Manage. You Innovate.', 'MANAGED INFRASTRUCTURE');
  await expectAllBooking(main, 'Schedule a Consultation', 2);
  await expect(main.getByRole('heading', { level: 2, name: 'Services Offered' })).toBeVisible();
  for (const title of ['Reduced IT Burden', 'Cost-Effective Management', '24/7 Engineering Support']) {
    await expect(main.getByRole('region', { name: 'Benefits' }).getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(main.getByRole('region', { name: 'Our Managed Services Include' }).getByRole('heading', { level: 3 })).toHaveCount(6);
  await expectInternal(main, 'Contact Support', '/contact');
});

test('/virtual-servers: hero, features, the three plans with their figures, and the links', async ({ page }) => {
  const main = await open(page, '/virtual-servers', 'Scalable, Secure, and Cost-Effective VMs', 'VIRTUAL SERVERS');
  await expectAllBooking(main, 'Deploy Now', 2);
  await expectInternal(main, 'Request a Quote', '/contact');
  await expect(main.getByRole('region', { name: 'Features' }).getByRole('heading', { level: 3 })).toHaveCount(4);

  const pricing = main.getByRole('region', { name: 'Simple, Transparent Pricing' });
  const expected = [
    ['Basic', 'KSh. 500', '1', '1 GB', '20 GB', '1 TB'],
    ['Professional', 'KSh. 950', '2', '2 GB', '40 GB', '2 TB'],
    ['Enterprise', 'KSh. 1,800', '4', '4 GB', '80 GB', '4 TB'],
  ];
  for (const [name, price, vcpu, ram, nvme, bandwidth] of expected) {
    const card = pricing.getByRole('article', { name });
    await expect(card).toContainText(`${price}/month`);
    for (const text of [`vCPU: ${vcpu}`, `RAM: ${ram}`, `NVMe Storage: ${nvme}`, `Bandwidth: ${bandwidth}`]) {
      await expect(card).toContainText(text);
    }
    await expect(card.getByRole('link', { name: `Get Started with the ${name} plan` })).toHaveAttribute(
      'href',
      `/contact?subject=Virtual%20server%3A%20${name}%20plan#contact-form`,
    );
  }
  await expect(pricing.getByRole('article', { name: 'Professional' })).toContainText('Most Popular');
  await expect(pricing.getByText('Most Popular')).toHaveCount(1);
  for (const claim of ['99.9% uptime guarantee', '24/7 support', 'Instant deployment']) await expect(pricing).toContainText(claim);
  await expectInternal(main, 'Contact Sales for Custom Plans', '/contact?subject=Virtual%20servers%3A%20custom%20plan#contact-form');
  await expect(main.getByRole('region', { name: 'Why Choose Our Virtual Servers' }).getByRole('heading', { level: 3 })).toHaveCount(4);
  await expectInternal(main, 'Contact Support', '/contact');
});

test('/data-forge: hero, features, benefits, use cases and the closing call', async ({ page }) => {
  const main = await open(page, '/data-forge', 'Turn Data into Decisions', 'Nyota BI');
  await expectAllBooking(main, 'Schedule a Demo', 2);
  await expectInternal(main, 'Request a Quote', '/contact');
  await expect(main.getByRole('region', { name: 'Features' }).getByRole('heading', { level: 3 })).toHaveCount(6);
  for (const title of ['Actionable Insights', 'AI-Powered Decision-Making', 'Scalable Infrastructure']) {
    await expect(main.getByRole('region', { name: 'Key Benefits' }).getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(main.getByRole('region', { name: 'Use Cases' }).getByRole('heading', { level: 3 })).toHaveCount(6);
  await expectInternal(main, 'Contact Support', '/contact');
});

test.describe('/storage-solutions', () => {
  const ssd = [
    ['128 GB', 'KSh. 750'],
    ['256 GB', 'KSh. 1,000'],
    ['512 GB', 'KSh. 1,500'],
    ['1000 GB', 'KSh. 3,000'],
  ];
  const ram = [
    ['32 GB', 'KSh. 1,500'],
    ['64 GB', 'KSh. 2,500'],
    ['128 GB', 'KSh. 4,000'],
  ];

  async function expectTable(main: Locator, kind: 'RAM' | 'SSD', rows: string[][]) {
    const table = main.getByRole('table', { name: `${kind} storage prices` });
    await expect(table).toBeVisible();
    await expect(main.getByRole('table')).toHaveCount(1);
    const body = table.locator('tbody tr');
    await expect(body).toHaveCount(rows.length);
    for (const [index, [capacity, price]] of rows.entries()) {
      await expect(body.nth(index).locator('th')).toHaveText(capacity!);
      await expect(body.nth(index).locator('td')).toHaveText(price!);
    }
  }

  test('hero, sections and buttons', async ({ page }) => {
    const main = await open(page, '/storage-solutions', 'Secure, Reliable, and High-Speed Storage', 'STORAGE SOLUTIONS');
    await expectAllBooking(main, 'Book a Call', 2);
    await expect(links(main, 'Request a Quote')).toHaveCount(2);
    await expectInternal(main, 'Request a Quote', '/contact');
    await expectInternal(main, 'Get Started', '/contact');
    await expect(main.getByRole('heading', { level: 2, name: 'Features' })).toBeVisible();
    const why = main.getByRole('region', { name: 'Why Choose Our Storage Solutions' });
    await expect(why.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(why).toContainText('99.9%');
    await expect(main.getByRole('region', { name: 'Use Cases' }).getByRole('heading', { level: 3 })).toHaveCount(6);
  });

  test('the price table switches with the tab, by click and by keyboard', async ({ page }) => {
    const main = await open(page, '/storage-solutions', 'Secure, Reliable, and High-Speed Storage', 'STORAGE SOLUTIONS');
    const tabs = main.getByRole('tablist', { name: 'Storage type' }).getByRole('tab');
    await expect(tabs).toHaveText(['RAM', 'SSD']);
    const ramTab = main.getByRole('tab', { name: 'RAM' });
    const ssdTab = main.getByRole('tab', { name: 'SSD' });
    await expect(ssdTab).toHaveAttribute('aria-selected', 'true');
    await expect(ramTab).toHaveAttribute('aria-selected', 'false');
    await expectTable(main, 'SSD', ssd);

    // The active tab is highlighted: it looks different from the other one.
    const background = (tab: Locator) => tab.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(await background(ssdTab)).not.toBe(await background(ramTab));

    await ramTab.click();
    await expect(ramTab).toHaveAttribute('aria-selected', 'true');
    await expectTable(main, 'RAM', ram);

    await page.keyboard.press('ArrowRight');
    await expect(ssdTab).toBeFocused();
    await expect(ssdTab).toHaveAttribute('aria-selected', 'true');
    await expectTable(main, 'SSD', ssd);

    await page.keyboard.press('ArrowLeft');
    await expect(ramTab).toBeFocused();
    await expectTable(main, 'RAM', ram);
  });
});

const pages = ['/bare-metal-servers', '/managed-infrastructure', '/virtual-servers', '/data-forge', '/storage-solutions'];

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
    test('/storage-solutions with the RAM tab open has no axe violations', async ({ page }) => {
      await page.goto('/storage-solutions');
      await page.getByRole('tab', { name: 'RAM' }).click();
      await expect(page.getByRole('table', { name: 'RAM storage prices' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const path of pages) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});

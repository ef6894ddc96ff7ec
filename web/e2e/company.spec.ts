import { expect, test, type Page } from '@playwright/test';
import { axeViolations, presetConsent, registerViaApi } from './helpers';

/** The prices shown on the visible plan cards, e.g. "$8.40/month". */
async function visiblePrices(page: Page) {
  const panel = page.locator('[role="tabpanel"]:not([hidden])');
  return panel.locator('article p.mt-4').allTextContents();
}

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test.describe('/contact', () => {
  test('option cards point at the right places', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Send a Message' })).toHaveAttribute('href', '#contact-form');
    await expect(main.getByRole('link', { name: 'About Nyota Cloud' })).toHaveAttribute('href', '/about');

    const card = (title: string) => main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card('Investment & Portfolio').getByRole('link')).toHaveAttribute('href', /^mailto:investors@/);
    await expect(card('General Inquiries').getByRole('link')).toHaveAttribute('href', /^mailto:info@/);
    await expect(card('Enterprise Solutions').getByRole('link')).toHaveAttribute('href', '#contact-form');
    await expect(main).toContainText('Mon-Fri 8AM-6PM EAT');
    await expect(main).toContainText('We reply within 24 hours');
    // Sending the form: e2e/intake.spec.ts.
  });

  test('a plan link prefills the subject and lands on the form', async ({ page }) => {
    await page.goto(`/contact?subject=${encodeURIComponent('Hosted email: Zoho Mail Workplace Enterprise')}#contact-form`);
    const subject = page.locator('form#contact-form').getByLabel('Subject');
    await expect(subject).toHaveValue('Hosted email: Zoho Mail Workplace Enterprise');
    await expect(subject).toBeInViewport();
  });
});

test.describe('/finance', () => {
  test('shows the market figures and Schedule a Demo scrolls to the form', async ({ page }) => {
    await page.goto('/finance');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    for (const figure of ['99.9%', '24/7', '50%', 'About 26%', '22% CAGR', 'KES 1.4T', 'Above KES 10M']) {
      await expect(main.getByText(figure, { exact: true })).toBeVisible();
    }
    const form = page.locator('#request-demo form');
    await expect(form).not.toBeInViewport();
    await main.getByRole('link', { name: 'Schedule a Demo' }).click();
    await expect(form.getByLabel('Name')).toBeInViewport();
    await expect(page).toHaveURL(/#request-demo$/);
    await expect(main.getByRole('link', { name: /^Book a Call/ }).first()).toHaveAttribute('target', '_blank');
  });
});

test.describe('/solutions/nyota-finance', () => {
  test('provider and billing toggles show the exact price labels', async ({ page }) => {
    await page.goto('/solutions/nyota-finance');
    await expect(page.getByRole('tab', { name: 'Google Workspace' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(await visiblePrices(page)).toEqual(['$8.40/month', '$16.80/month', '$26.40/month', 'Contact sales']);
    await expect(page.getByText('per user, billed monthly: $100.80 a year')).toBeVisible();
    await expect(page.getByText('Save 25% vs launch')).toBeVisible();

    await page.getByText('Yearly', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(await visiblePrices(page)).toEqual(['$84/year', '$168/year', '$264/year', 'Contact sales']);
    await expect(page.locator('[role="tabpanel"]:not([hidden]) del').first()).toHaveText('$100.80');
    await expect(page.getByText('per user, billed yearly: $7 a month instead of $8.40')).toBeVisible();
    // The badge of each period states that period's saving.
    const starter = page.locator('[role="tabpanel"]:not([hidden]) article').first();
    await expect(starter).toContainText('Save 17% vs monthly billing');
    await expect(starter).not.toContainText('Save 25% vs launch');
    await page.getByText('Monthly', { exact: true }).click();
    await expect(starter).toContainText('Save 25% vs launch');
    await expect(starter).not.toContainText('vs monthly billing');
    await page.getByText('Yearly', { exact: true }).click();

    // Keyboard only: arrow to Zoho Mail, then back to monthly billing.
    await page.getByRole('tab', { name: 'Google Workspace' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Zoho Mail' })).toHaveAttribute('aria-selected', 'true');
    expect(await visiblePrices(page)).toEqual(['$6.96/year', '$27.84/year', '$48.72/year', 'Contact sales']);
    await page.getByRole('radio', { name: 'Yearly' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(await visiblePrices(page)).toEqual(['$0.58/month', '$2.32/month', '$4.06/month', 'Contact sales']);
    await expect(page.getByText('Most Popular')).toHaveCount(0);

    await page.getByRole('link', { name: 'Get Started with Zoho Mail Mail Lite' }).click();
    await expect(page.locator('#request-demo form').getByLabel('Name')).toBeInViewport();
  });
});

test.describe('/forgot-password', () => {
  test('Sending instructions... until the server answers, the confirmation with the email, Try another email', async ({
    page,
  }) => {
    // Hold the real request, so the submitting state can be seen before the answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/password-reset', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/forgot-password');
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByLabel('Email').fill('amina@example.com');
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await expect(page.getByRole('button', { name: 'Sending instructions...' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 5000 });
    await expect(page.getByRole('main')).toContainText("We've sent password reset instructions to amina@example.com.");
    await page.getByRole('button', { name: 'Try another email' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Send reset instructions' })).toBeEnabled();
  });
});

test.describe('/dashboard', () => {
  test('redirects a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('greets a signed-in user and links the cards, services and help', async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Welcome, Api User!' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/iaas');
    await expect(main.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/managed-infrastructure');
    await expect(main.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/security-compliance');
    await expect(main.getByRole('link', { name: 'Nyota BI' })).toHaveAttribute('href', '/data-forge');
    await expect(main.getByRole('link', { name: /^Book Now/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(main.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    for (const team of ['Technical support', 'Security team', 'Sales team']) {
      await expect(main.getByRole('heading', { name: team })).toBeVisible();
    }
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe (${theme})`, () => {
    test.beforeEach(async ({ context }) => {
      await presetConsent(context, { theme });
    });

    for (const path of ['/contact', '/finance', '/solutions/nyota-finance', '/forgot-password']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('/forgot-password confirmation and /solutions/nyota-finance yearly Zoho have no violations', async ({ page }) => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill('amina@example.com');
      await page.getByRole('button', { name: 'Send reset instructions' }).click();
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 5000 });
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/solutions/nyota-finance');
      await page.getByRole('tab', { name: 'Zoho Mail' }).click();
      await page.getByText('Yearly', { exact: true }).click();
      expect(await axeViolations(page)).toEqual([]);
    });

    test('/dashboard signed in has no axe violations', async ({ page }) => {
      await registerViaApi(page.request);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

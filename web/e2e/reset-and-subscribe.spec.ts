import { expect, test } from '@playwright/test';
import { axeViolations, password, presetConsent, registerViaApi, uniqueEmail } from './helpers';
import { linkInMail, mailCatcherUrl } from './mailbox';

test.beforeEach(async ({ context }) => {
  test.skip(!mailCatcherUrl, 'MAIL_CATCHER_URL not set (run through ./infra/e2e)');
  await presetConsent(context);
});

test('forgot password → the emailed link → a new password → signed out everywhere → sign in with it', async ({ page }) => {
  const email = uniqueEmail('reset');
  // Signed in through the API: this browser's session must end with the reset.
  await registerViaApi(page.request, email);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset instructions' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We've sent password reset instructions to ${email}.`)).toBeVisible();

  const link = await linkInMail(email, 'Reset your Nyota Cloud password', '/reset-password?token=');
  expect(link.startsWith(`${new URL(page.url()).origin}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveTitle('Reset Password | Nyota Cloud');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const newPassword = 'brand-New-pass-1';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. You can now sign in with your new password.')).toBeVisible();

  // The session this browser had before is gone.
  expect((await page.request.get('/api/user')).status()).toBe(401);
  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-2');
  await page.getByLabel('Confirm new password').fill('another-pass-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to login' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Api User!' })).toBeVisible();
});

test('blog Stay Updated shows the spec alert, the confirmation email arrives, and its link confirms', async ({ page }) => {
  const email = uniqueEmail('reader');
  await page.goto('/blog');
  const box = page.getByRole('region', { name: 'Stay Updated' });
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toHaveText("Thank you! You'll receive updates about new Nyota blog articles.");
  await expect(box.getByLabel('Email address')).toHaveValue('');

  const confirm = await linkInMail(
    email,
    'Confirm your subscription to new articles on the Nyota blog',
    '/api/subscriptions/confirm?token=',
  );
  // Opening the link only asks (a mail scanner that follows it confirms nothing).
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page).toHaveURL(/\/subscription\?status=confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const unsubscribe = await linkInMail(
    email,
    'Confirm your subscription to new articles on the Nyota blog',
    '/api/subscriptions/unsubscribe?token=',
  );
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from these emails?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
});

test('a French reader confirms a subscription on /fr/subscription, and a spent reset link is refused in French', async ({
  page,
}) => {
  const email = uniqueEmail('lecteur');
  await page.goto('/fr/blog');
  const box = page.getByRole('region', { name: 'Restez informé' });
  await box.getByLabel('Adresse e-mail').fill(email);
  await box.getByRole('button', { name: 'S’abonner' }).click();
  await expect(box.getByRole('status')).toContainText('Merci');

  const confirm = await linkInMail(
    email,
    'Confirmez votre abonnement aux nouveaux articles du blog Nyota',
    '/api/subscriptions/confirm?token=',
  );
  await page.goto(confirm);
  await expect(page).toHaveURL(/\/fr\/subscription\?action=confirm&token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmez votre abonnement' })).toBeVisible();
  await expect(page).toHaveTitle('Abonnement aux e-mails | Nyota Cloud');
  await page.getByRole('button', { name: 'Confirmer l’abonnement' }).click();
  await expect(page).toHaveURL(/\/fr\/subscription\?status=confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnement confirmé' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A well-formed token no account has: the server's French refusal, known by its field.
  await page.goto('/fr/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(
    page.getByText('Ce lien de réinitialisation n’est pas valide ou a expiré. Veuillez en demander un nouveau.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toBeVisible();
});

test('the reset and subscription pages are axe-clean in the dark theme', async ({ browser }) => {
  const context = await browser.newContext();
  await presetConsent(context, { theme: 'dark' });
  const page = await context.newPage();
  await page.goto('/reset-password?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-_01234');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/subscription?status=invalid');
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/edge');
  await expect(page.getByRole('button', { name: 'Request early access' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

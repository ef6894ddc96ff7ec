import { expect, test } from '@playwright/test';
import { adminEmail, adminPassword, fillRegisterForm, presetConsent, registerViaApi, uniqueEmail } from './helpers';

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

test('register → dashboard greeting → log out → admin logs in and lands on /admin', async ({ page }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  const email = uniqueEmail('flow');

  await page.goto('/register');
  await fillRegisterForm(page, email);
  await expect(page.getByText('Registration Successful!', { exact: true })).toBeVisible();
  await expect(page.getByText('Redirecting to dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Wanjiru Kamau!' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // A customer finds the second-factor page from the dashboard.
  await page.getByRole('link', { name: 'Account security: two-step verification' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('region', { name: 'Notifications (F8)' }).getByText('You have been successfully logged out.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(adminEmail!);
  await page.getByLabel('Password').fill(adminPassword!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // The admin's own top bar, not the marketing header.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
});

test('wrong password shows the Login Failed alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toContainText('Invalid email or password');
});

test('duplicate registration shows the already-registered message', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('dup');
  // Register the address from a separate client so this page stays signed out.
  const other = await playwright.request.newContext({ baseURL });
  await registerViaApi(other, email);
  await other.dispose();

  await page.goto('/register');
  await fillRegisterForm(page, email);
  await expect(page.getByText('Registration Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('This email is already registered. Please log in instead or use a different email address.'),
  ).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Wanjiru');
  await page.getByRole('link', { name: 'Log in instead' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in non-admin is refused at /admin', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  await page.goto('/admin/chat');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('a signed-out visitor at /admin is sent to /login, and /dashboard too', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out agent opening the chat console signs in and returns to it', async ({ page }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  await page.goto('/admin/chat');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fchat$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(adminEmail!);
  await page.getByLabel('Password').fill(adminPassword!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Live chat console' })).toBeVisible();
});

test('an unsafe next after sign-in goes to the role home, not off the site', async ({ page, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/admin/chat')}`);
  await page.getByLabel('Email').fill(adminEmail!);
  await page.getByLabel('Password').fill(adminPassword!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
});

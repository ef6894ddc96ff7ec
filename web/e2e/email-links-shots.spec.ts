import { expect, test } from '@playwright/test';
import { presetConsent, uniqueEmail } from './helpers';

const shotsDir = process.env.SHOTS_DIR;

/**
 * Screenshots for review (not a check) of the screens an emailed link or a
 * transcript request leads to:
 * SHOTS_DIR=/work/shots-links ./infra/e2e email-links-shots.spec.ts
 */
test('screenshots of the pages emailed links lead to and of the transcript code step', async ({ browser }) => {
  test.skip(!shotsDir, 'SHOTS_DIR is not set');
  test.setTimeout(240_000);
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      await presetConsent(context, { theme });
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: `${shotsDir}/${name}-${viewport.width}-${theme}.png` });
      await page.goto('/subscription?action=confirm&token=abc.DEF');
      await expect(page.getByRole('button', { name: 'Confirm subscription' })).toBeVisible();
      await shot('subscription-confirm');
      await page.goto('/subscription?action=unsubscribe&token=abc.DEF');
      await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
      await shot('subscription-unsubscribe');
      await page.goto('/privacy?request=confirm&token=abc.1.DEF#privacy-request');
      await expect(page.getByRole('button', { name: 'Confirm my request' })).toBeInViewport();
      await shot('privacy-confirm');

      await page.goto('/');
      await page.getByRole('button', { name: 'Open chat' }).click();
      const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
      await panel.getByLabel('Name').fill('Amina Otieno');
      await panel.getByLabel('Email').fill(uniqueEmail('shots'));
      await panel.getByRole('button', { name: 'Start Chat' }).click();
      await panel.getByRole('button', { name: 'Email me the transcript' }).click();
      await expect(panel.getByLabel('Code from the email')).toBeVisible();
      await panel.getByLabel('Code from the email').fill('123456');
      await shot('transcript-code');
      await context.close();
    }
  }
});

import { expect, test, type Page } from '@playwright/test';
import { axeViolations, presetConsent, uniqueEmail } from './helpers';
import { linkInMail, mailCatcherUrl, mailsTo } from './mailbox';

const shotsDir = process.env.SHOTS_DIR;
const confirmSubject = 'Confirmez votre demande relative à vos données personnelles';

// A visitor whose browser prefers French.
test.use({ locale: 'fr-FR' });

/** The request form of the French privacy page. */
const frenchForm = (page: Page) => page.getByRole('region', { name: 'Faire une demande relative à vos données' });

test('a French visitor makes a privacy request on /fr/privacy, in French from the form to the email and back', async ({
  page,
  context,
}) => {
  test.skip(!mailCatcherUrl, 'MAIL_CATCHER_URL not set (run through ./infra/e2e)');
  test.setTimeout(60_000);
  await presetConsent(context);
  const email = uniqueEmail('vie-privee');

  await page.goto('/fr/privacy');
  const form = frenchForm(page);
  await form.scrollIntoViewIfNeeded();
  // Every label is French.
  const address = form.getByLabel('Adresse e-mail', { exact: true });
  await expect(address).toBeVisible();
  await expect(form.getByRole('group', { name: 'Type de demande' })).toBeVisible();
  await expect(form.getByRole('radio', { name: /Accès/ })).toBeVisible();
  await expect(form.getByRole('radio', { name: /Rectification/ })).toBeVisible();
  await expect(form.getByRole('radio', { name: /Effacement/ })).toBeVisible();
  await expect(form.getByLabel('Précisions (facultatif)')).toBeVisible();

  // A bad address and no kind chosen: refused in French, nothing sent.
  await address.fill('pas-une-adresse');
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(form.getByText('Veuillez saisir une adresse e-mail valide')).toBeVisible();
  await expect(form.getByText('Veuillez choisir le type de demande')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  await address.fill(email);
  await form.getByRole('radio', { name: /Accès/ }).check();
  await form.getByLabel('Précisions (facultatif)').fill('Tout ce que vous détenez à mon sujet, s’il vous plaît.');
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(form.getByRole('status')).toContainText(
    'Merci. Nous avons envoyé un lien à cette adresse : ouvrez-le pour confirmer votre demande.',
  );
  await expect(form.getByText('Veuillez saisir une adresse e-mail valide')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The confirmation email is French, and its link names the language…
  const link = await linkInMail(email, confirmSubject, '/api/privacy/requests/confirm?token=');
  expect(link).toMatch(/&lang=fr$/);
  const [mail] = (await mailsTo(email)).filter((m) => m.subject === confirmSubject);
  expect(mail.text).toContain('Bonjour,');
  expect(mail.text).toContain('Nous avons reçu une demande concernant une copie de vos données');
  expect(mail.text).toContain('Confirmer ma demande');
  expect(mail.html).toContain('lang="fr"');

  // …so it leads back to the French page, which asks and confirms in French.
  await page.goto(link);
  await expect(page).toHaveURL(/\/fr\/privacy\?request=confirm&token=[^&#]+#privacy-request$/);
  const confirm = page.getByRole('button', { name: 'Confirmer ma demande' });
  await expect(confirm).toBeInViewport();
  await confirm.click();
  await expect(page).toHaveURL(/\/fr\/privacy\?request=confirmed$/);
  await expect(page.getByText('Votre demande est confirmée.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

/**
 * Screenshots for review (not a check) of the French privacy form, its
 * refusals, its confirmation and the page the emailed link leads to:
 * SHOTS_DIR=/work/shots-privacy-fr ./infra/e2e e2e/privacy-languages.spec.ts
 */
test('screenshots of the French privacy request form', async ({ browser }) => {
  test.skip(!shotsDir, 'SHOTS_DIR is not set');
  test.setTimeout(180_000);
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      // A browser that prefers French: no card offers the page in English.
      const context = await browser.newContext({ viewport, colorScheme: theme, locale: 'fr-FR' });
      await presetConsent(context, { theme });
      const page = await context.newPage();
      const shot = async (name: string) => {
        await page.waitForTimeout(600); // let a smooth scroll finish
        await page.screenshot({ path: `${shotsDir}/${name}-${viewport.width}-${theme}.png` });
      };
      await page.goto('/fr/privacy#privacy-request');
      const form = frenchForm(page);
      await form.getByRole('heading').scrollIntoViewIfNeeded();
      await page.evaluate(() => document.getElementById('privacy-request')?.scrollIntoView());
      await shot('privacy-fr-form');
      await form.getByLabel('Adresse e-mail', { exact: true }).fill('pas-une-adresse');
      await form.getByRole('button', { name: 'Envoyer la demande' }).click();
      await expect(form.getByText('Veuillez choisir le type de demande')).toBeVisible();
      await form.getByRole('radio', { name: /Effacement/ }).scrollIntoViewIfNeeded();
      await shot('privacy-fr-refused');
      await form.getByLabel('Adresse e-mail', { exact: true }).fill(uniqueEmail('captures'));
      await form.getByRole('radio', { name: /Effacement/ }).check();
      await form.getByRole('button', { name: 'Envoyer la demande' }).click();
      // The answer replaces the taller form and is brought into view.
      await expect(form.getByRole('status')).toBeInViewport();
      // As the visitor sees it after pressing the button (no scrolling).
      await shot('privacy-fr-sent');
      await page.goto('/fr/privacy?request=confirm&token=abc.1.DEF#privacy-request');
      await expect(page.getByRole('button', { name: 'Confirmer ma demande' })).toBeInViewport();
      await shot('privacy-fr-confirm');
      await page.goto('/fr/privacy?request=confirmed');
      await expect(page.getByText('Votre demande est confirmée.')).toBeVisible();
      await page.getByText('Votre demande est confirmée.').scrollIntoViewIfNeeded();
      await shot('privacy-fr-confirmed');
      await context.close();
    }
  }
});

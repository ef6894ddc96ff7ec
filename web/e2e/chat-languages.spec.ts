// A conversation keeps its visitor's language (issue 39), against the real
// stack: a French browser is offered the French site, its chat goes to an
// agent who speaks French and is written in French to the transcript email;
// a Kiswahili visitor outside hours reads the away line and the offline
// notice in Kiswahili, with the day the team is back.

import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminApi, adminEmail, adminPassword, openAdminConsole, presetConsent, resolveChatOf, roomForChats, uniqueEmail } from './helpers';
import { mailsTo } from './mailbox';

let api: APIRequestContext;
/** LANG_SHOTS=DIR saves screenshots of the widget, the console and the transcript email. */
const shots = process.env.LANG_SHOTS;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  api = await adminApi(playwright, baseURL!);
});

test.afterAll(async () => {
  await api?.dispose();
});

async function saveLanguages(languages: string[]) {
  const profile = await (await api.get('/api/agent/profile')).json();
  const saved = await api.put('/api/agent/profile', {
    data: {
      displayName: profile.displayName ?? '',
      soundEnabled: profile.soundEnabled,
      soundEvents: profile.soundEvents,
      notifyEvents: profile.notifyEvents,
      languages,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return profile as { shownName: string; languages: string[] };
}

test('a French visitor switches to French, is answered by a French-speaking agent, and gets the transcript in French', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const before = await saveLanguages(['en', 'fr']);
  const restoreRoom = await roomForChats(api, 1);
  const online = await api.put('/api/agent/status', { data: { status: 'online' } });
  expect(online.status()).toBe(200);
  const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);

  const visitorContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto('/');
    const offer = visitor.getByRole('region', { name: 'Langue' });
    await offer.getByRole('link', { name: 'La lire en français' }).click();
    await expect(visitor).toHaveURL(/\/fr$/);
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'fr');

    const visitorName = `Aïcha ${Date.now().toString(36)}`;
    const visitorEmail = uniqueEmail('aicha');
    await visitor.getByRole('button', { name: 'Ouvrir le chat' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Discuter avec Nyota Cloud' });
    await panel.getByLabel('Nom').fill(visitorName);
    await panel.getByLabel('E-mail').fill(visitorEmail);
    await panel.getByRole('button', { name: 'Démarrer le chat' }).click();
    await expect(panel.getByRole('log').getByText(`${before.shownName} a rejoint la conversation`)).toBeVisible();
    const messageBox = panel.getByRole('textbox', { name: 'Votre message' });
    await messageBox.fill('Bonjour, proposez-vous des serveurs GPU à Abidjan ?');
    await messageBox.press('Enter');

    // The agent sees a French chat, and answers it.
    const row = agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName });
    await expect(row.getByTitle('French')).toBeVisible();
    await row.click();
    const conversation = agent.getByRole('region', { name: visitorName });
    await expect(agent.getByRole('definition').filter({ hasText: /^French$/ })).toBeVisible();
    const reply = conversation.getByRole('textbox', { name: 'Reply' });
    const answer = 'Bonjour Aïcha, nos serveurs GPU sont à Nairobi et Lagos, à moins de 40 ms d’Abidjan.';
    await reply.fill(answer);
    await reply.press('Enter');
    await expect(panel.getByRole('log').getByText(answer)).toBeVisible();
    if (shots) {
      await visitor.screenshot({ path: `${shots}/fr-widget-1280.png` });
      await agent.screenshot({ path: `${shots}/fr-console-1280.png` });
    }
    await conversation.getByRole('button', { name: 'Resolve' }).click();
    await expect(panel.getByRole('log').getByText('Cette conversation a été marquée comme résolue.')).toBeVisible();

    // The transcript: the code, then the transcript itself, in French.
    await panel.getByRole('button', { name: 'Recevoir la transcription par e-mail' }).click();
    await expect(panel.getByText(`nous avons envoyé un code à 6 chiffres à ${visitorEmail}`, { exact: false })).toBeVisible();
    let code = '';
    await expect
      .poll(
        async () => {
          const mail = (await mailsTo(visitorEmail)).find((m) => m.subject === 'Votre code de confirmation Nyota Cloud');
          code = /Code\D*(\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
          return code;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\d{6}$/);
    await panel.getByLabel('Code reçu par e-mail').fill(code);
    await panel.getByRole('button', { name: 'Envoyer la transcription' }).click();
    await expect(panel.getByText(`Nous envoyons la transcription par e-mail à ${visitorEmail}.`)).toBeVisible();
    const subject = 'La transcription de votre conversation avec Nyota Cloud';
    await expect
      .poll(async () => (await mailsTo(visitorEmail)).find((mail) => mail.subject === subject)?.text ?? '', { timeout: 15_000 })
      .toContain(answer);
    const transcript = (await mailsTo(visitorEmail)).find((mail) => mail.subject === subject)!;
    expect(transcript.text).toContain(`Bonjour ${visitorName}, voici la transcription de votre conversation avec Nyota Cloud, commencée le`);
    expect(transcript.text).toContain('Cette conversation a été marquée comme résolue.');
    expect(transcript.text).toMatch(/\d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2} \(heure EAT\)/);
    if (shots) {
      const mail = await visitorContext.newPage();
      for (const width of [1366, 390]) {
        await mail.setViewportSize({ width, height: 900 });
        await mail.setContent(transcript.html);
        await mail.screenshot({ path: `${shots}/fr-transcript-email-${width}.png`, fullPage: true });
      }
    }
  } finally {
    await resolveChatOf(api, visitor).catch(() => undefined);
    await saveLanguages(before.languages);
    await restoreRoom();
    await visitorContext.close();
    await agentContext.close();
  }
});

test('a Kiswahili visitor outside hours reads when the team is back, and the offline notice, in Kiswahili', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const original = await (await api.get('/api/site-settings')).json();
  // Open one hour two days from today in Nairobi (UTC+3): closed now, and back on a named day.
  const nowEat = new Date(Date.now() + 3 * 3_600_000);
  const todayEat = ((nowEat.getUTCDay() + 6) % 7) + 1;
  const openDay = ((todayEat + 1) % 7) + 1;
  const back = new Date(Date.UTC(nowEat.getUTCFullYear(), nowEat.getUTCMonth(), nowEat.getUTCDate() + 2));
  const dayName = new Intl.DateTimeFormat('sw', { weekday: 'long', timeZone: 'UTC' }).format(back);
  const closed = await api.put('/api/admin/site-settings', {
    data: { ...original, chatHours: { days: [openDay], opens: '08:00', closes: '09:00' } },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  const away = await api.put('/api/agent/status', { data: { status: 'away' } });
  expect(away.status()).toBe(200);
  const visitorContext = await browser.newContext({ baseURL, locale: 'sw-KE' });
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  try {
    await expect
      .poll(async () => (await (await api.get('/api/chat/availability')).json()).agentsOnline, { timeout: 45_000 })
      .toBe(false);
    await visitor.goto('/sw');
    await visitor.getByRole('button', { name: 'Fungua gumzo' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Zungumza na Nyota Cloud' });
    await expect(panel.getByText(`Timu yetu haipatikani kwa sasa na itarejea ${dayName} saa 08:00 EAT.`)).toBeVisible();
    const visitorEmail = uniqueEmail('asha');
    await panel.getByLabel('Jina').fill(`Asha ${Date.now().toString(36)}`);
    await panel.getByLabel('Barua pepe').fill(visitorEmail);
    await panel.getByRole('button', { name: 'Anza gumzo' }).click();
    await expect(
      panel
        .getByRole('log')
        .getByText(
          `Timu yetu ya usaidizi haipo mtandaoni kwa sasa. Tumepokea ujumbe wako na tutakujibu kwa barua pepe kupitia ${visitorEmail}.`,
        ),
    ).toBeVisible();
    await expect(panel.getByText(`Timu yetu haipatikani kwa sasa na itarejea ${dayName} saa 08:00 EAT.`)).toBeVisible();
    if (shots) {
      for (const width of [1366, 390]) {
        await visitor.setViewportSize({ width, height: width === 390 ? 844 : 768 });
        await visitor.screenshot({ path: `${shots}/sw-widget-away-${width}.png` });
      }
    }
  } finally {
    await resolveChatOf(api, visitor).catch(() => undefined);
    const restored = await api.put('/api/admin/site-settings', { data: original });
    expect(restored.status(), await restored.text()).toBe(200);
    const online = await api.put('/api/agent/status', { data: { status: 'online' } });
    expect(online.status()).toBe(200);
    await visitorContext.close();
  }
});

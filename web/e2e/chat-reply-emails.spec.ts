// A reply the visitor left before seeing reaches them by email (issue 38),
// and the email's links work in a real browser: "Continue the chat" opens
// the chat in the widget on another device, and "Stop emails about my
// chats" leads to a page that stops them and can start them again. The
// agent answers in the console; the email is read from the mail catcher
// (MailDev); the quiet period is waited out by moving the reply's time back.

import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { adminEmail, adminPassword, askAndLeave, openAdminConsole, presetConsent, uniqueEmail } from './helpers';
import { mailCatcherUrl, mailsTo } from './mailbox';

const databaseUrl = process.env.DATABASE_URL;
const shots = process.env.REPLY_EMAIL_SHOTS;

function sql(statement: string): string {
  return execFileSync('psql', [databaseUrl!, '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8' }).trim();
}

test('a missed reply is emailed, and its links open the chat elsewhere and stop the emails', async ({ browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword || !databaseUrl, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD / DATABASE_URL not set');
  test.skip(!mailCatcherUrl, 'MAIL_CATCHER_URL not set');
  test.setTimeout(90_000);
  const address = uniqueEmail('left');
  const visitorName = `Left ${Date.now().toString(36)}`;

  // The visitor asks, then closes the tab.
  await askAndLeave(browser, baseURL!, visitorName, address, 'Can I pay for a bare metal server in shillings?');

  // The agent answers in the console.
  const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
  await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const conversation = agent.getByRole('region', { name: visitorName });
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Yes: we invoice in KES, and M-Pesa works too.');
  await reply.press('Enter');
  await expect(conversation.getByRole('log').getByText('Yes: we invoice in KES, and M-Pesa works too.')).toBeVisible();

  // Past the quiet period: the notify worker's sweep (every 10 s) emails it.
  sql(
    `update chat_messages set created_at = created_at - interval '10 minutes'
     where sender_type = 'agent' and session_id in (select id from chat_sessions where visitor_email = '${address}')`,
  );
  let text = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).find((m) => m.subject.endsWith('replied to your chat with Nyota Cloud'));
        text = mail?.text ?? '';
        return text;
      },
      { timeout: 30_000, message: `the reply email to ${address}` },
    )
    .toContain('Yes: we invoice in KES, and M-Pesa works too.');
  const linkTo = (path: string) => {
    const link = text.split(/\s+/).find((word) => word.startsWith('http') && word.includes(path));
    expect(link, path).toBeTruthy();
    const url = new URL(link!);
    return url.pathname + url.search;
  };

  // On a phone that never had the chat: the link opens it in the widget.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await presetConsent(phone);
  const phonePage = await phone.newPage();
  await phonePage.goto(linkTo('/api/chat/continue?token='));
  await expect(phonePage).toHaveURL(/\/$/);
  const phonePanel = phonePage.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  const phoneLog = phonePanel.getByRole('log');
  await expect(phoneLog.getByText('Can I pay for a bare metal server in shillings?')).toBeVisible();
  await expect(phoneLog.getByText('Yes: we invoice in KES, and M-Pesa works too.')).toBeVisible();
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await phonePage.emulateMedia({ colorScheme: scheme });
      await phonePage.screenshot({ path: `${shots}/continued-390-${scheme}.png` });
    }
  }
  const phoneBox = phonePanel.getByRole('textbox', { name: 'Message' });
  await phoneBox.fill('Great, please send the order form.');
  await phoneBox.press('Enter');
  await expect(conversation.getByRole('log').getByText('Great, please send the order form.')).toBeVisible();

  // A link that was altered: the site says so, and offers a new chat.
  const altered = linkTo('/api/chat/continue?token=').replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
  const stranger = await browser.newContext({ baseURL });
  await presetConsent(stranger);
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(altered);
  await expect(strangerPage.getByText('This link to your chat no longer works', { exact: true })).toBeVisible();
  await expect(strangerPage.getByRole('dialog', { name: 'Chat with Nyota Cloud' }).getByLabel('Name')).toBeVisible();
  await stranger.close();

  // The stop link: a page that asks, stops, and can undo.
  for (const width of shots ? [1366, 390] : [390]) {
    await phonePage.setViewportSize({ width, height: width > 500 ? 768 : 844 });
    await phonePage.goto(linkTo('/api/chat/emails/unsubscribe?token='));
    await expect(phonePage.getByRole('heading', { name: 'Stop emails about your chats?' })).toBeVisible();
    const shoot = async (state: string) => {
      if (!shots) return;
      for (const scheme of ['light', 'dark'] as const) {
        await phonePage.emulateMedia({ colorScheme: scheme });
        await phonePage.screenshot({ path: `${shots}/${state}-${width}-${scheme}.png` });
      }
      await phonePage.emulateMedia({ colorScheme: 'light' });
    };
    await shoot('stop-ask');
    await phonePage.getByRole('button', { name: 'Stop chat emails' }).click();
    await expect(phonePage.getByRole('heading', { name: 'Chat emails stopped' })).toBeVisible();
    await expect(phonePage.getByRole('status')).toHaveText(
      `We will not email ${address} about chats any more. Replies stay in the chat on our site.`,
    );
    await shoot('stopped');
    expect(sql(`select count(*) from chat_email_optouts where email = '${address}'`)).toBe('1');
    await phonePage.getByRole('button', { name: 'Email me again' }).click();
    await expect(phonePage.getByRole('heading', { name: 'Chat emails are on' })).toBeVisible();
    await expect(phonePage.getByRole('status')).toHaveText(`Replies you miss in a chat will be emailed to ${address} again.`);
    expect(sql(`select count(*) from chat_email_optouts where email = '${address}'`)).toBe('0');
  }
  await phone.close();
  await agentContext.close();
});

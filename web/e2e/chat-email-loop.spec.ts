// The whole email loop of a chat (issue 38): the visitor leaves, the agent
// answers in the console, the answer reaches the visitor by email (read from
// the mail catcher, MailDev) asking for replies at the chat's own address,
// the visitor's reply is delivered into the real IMAP mailbox (Dovecot, a
// file moved into its Maildir as a mail server delivers), and the agent sees
// it in the open conversation without a reload, marked as come by email. A
// reply to that address from someone else waits above the composer until
// the agent discards it. The site's chat reply address is set in the settings
// form first, and put back after.

import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminApi, adminEmail, adminPassword, askAndLeave, openAdminConsole, presetConsent, uniqueEmail } from './helpers';
import { mailCatcherUrl } from './mailbox';

const databaseUrl = process.env.DATABASE_URL;
const maildir = process.env.E2E_IMAP_MAILDIR;
const shots = process.env.REPLY_EMAIL_SHOTS;

function sql(statement: string): string {
  return execFileSync('psql', [databaseUrl!, '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8' }).trim();
}

/** Delivers `raw` into the mailbox as a mail server does: written in tmp/, moved into new/, Dovecot's own. */
function deliver(raw: string) {
  const name = `${Date.now()}.${process.pid}.${Math.random().toString(36).slice(2)}.e2e`;
  const temporary = join(maildir!, 'tmp', name);
  writeFileSync(temporary, raw.replace(/\r?\n/g, '\r\n'));
  execFileSync('chown', ['dovecot:dovecot', temporary]);
  renameSync(temporary, join(maildir!, 'new', name));
}

interface CaughtMail {
  id: string;
  to?: Array<{ address: string }>;
  subject?: string;
  text?: string;
  headers?: Record<string, string>;
}

let api: APIRequestContext;
let original: unknown;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await adminApi(playwright, baseURL!);
  original = await (await api.get('/api/site-settings')).json();
});

test.afterAll(async () => {
  // Other specs expect the settings they started with.
  const restored = await api.put('/api/admin/site-settings', { data: original });
  expect(restored.status(), await restored.text()).toBe(200);
  await api.dispose();
});

test('an agent answer goes out by email and the visitor email reply comes back into the open conversation', async ({
  browser,
  baseURL,
}) => {
  test.skip(!adminEmail || !adminPassword || !databaseUrl, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD / DATABASE_URL not set');
  test.skip(!mailCatcherUrl || !maildir, 'MAIL_CATCHER_URL / E2E_IMAP_MAILDIR not set');
  test.setTimeout(120_000);
  const address = uniqueEmail('loop');
  const visitorName = `Loop ${Date.now().toString(36)}`;

  // The admin names the mailbox the workers read.
  const { context: agentContext, page: agent } = await openAdminConsole(browser, baseURL!);
  await agent.goto('/admin/settings#email');
  const replyAddress = agent.getByLabel('Chat reply address (optional)');
  await replyAddress.fill('replies+x@nyota.example');
  const bar = agent.getByRole('region', { name: 'Save changes' });
  await bar.getByRole('button', { name: 'Save settings' }).click();
  await expect(agent.getByText("Chat reply address must not contain + (each chat's address adds +chat to it)")).toBeVisible();
  await replyAddress.fill('replies@nyota.example');
  if (shots) {
    for (const width of [1366, 390]) {
      await agent.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      await replyAddress.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await agent.emulateMedia({ colorScheme: scheme });
        await agent.screenshot({ path: `${shots}/settings-reply-address-${width}-${scheme}.png` });
      }
    }
    await agent.setViewportSize({ width: 1366, height: 768 });
    await agent.emulateMedia({ colorScheme: 'light' });
  }
  await bar.getByRole('button', { name: 'Save settings' }).click();
  await expect(bar).toBeHidden();

  // The visitor asks, then closes the tab.
  await askAndLeave(browser, baseURL!, visitorName, address, 'Do you have GPUs in the Nairobi region?');

  // The agent answers in the console and keeps the conversation open.
  await agent.goto('/admin/chat');
  await expect(agent.getByText('Live updates on')).toBeVisible();
  await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const conversation = agent.getByRole('region', { name: visitorName });
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Yes: NVIDIA L40S nodes, by the hour or the month.');
  await reply.press('Enter');
  const log = conversation.getByRole('log');
  await expect(log.getByText('Yes: NVIDIA L40S nodes, by the hour or the month.')).toBeVisible();
  const details = agent.getByRole('complementary', { name: 'Chat details' });
  await expect(details.getByTestId('chat-email-reach')).toContainText('Not on the page.');

  // Past the quiet period, the notify worker's sweep emails it.
  sql(
    `update chat_messages set created_at = created_at - interval '10 minutes'
     where sender_type = 'agent' and session_id in (select id from chat_sessions where visitor_email = '${address}')`,
  );
  let mail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const caught = (await (await fetch(`${mailCatcherUrl}/email`)).json()) as CaughtMail[];
        mail = caught.find(
          (m) => (m.to ?? []).some((to) => to.address === address) && (m.subject ?? '').endsWith('replied to your chat with Nyota Cloud'),
        );
        return mail?.text ?? '';
      },
      { timeout: 30_000, message: `the reply email to ${address}` },
    )
    .toContain('Yes: NVIDIA L40S nodes, by the hour or the month.');
  const replyTo = /<?([^<>\s]+@nyota\.example)>?\s*$/.exec(mail!.headers?.['reply-to'] ?? '')?.[1];
  expect(replyTo, JSON.stringify(mail!.headers)).toMatch(/^replies\+[a-z2-7]{42}@nyota\.example$/);
  const messageId = mail!.headers?.['message-id'] ?? '';
  // The console marks what went by email.
  await expect(log.getByText('Emailed', { exact: true })).toBeVisible({ timeout: 15_000 });

  // The visitor replies from their mail program: the new text over the quoted email.
  await expect.poll(() => existsSync(join(maildir!, 'new')), { message: 'the mailbox is open' }).toBe(true);
  deliver(
    [
      `From: ${visitorName} <${address}>`,
      `To: Nyota Cloud Support <${replyTo}>`,
      `Subject: Re: ${mail!.subject}`,
      `Message-ID: <loop-${Date.now()}@example.com>`,
      `In-Reply-To: ${messageId}`,
      `References: ${messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset="UTF-8"',
      '',
      'Great, please reserve two for next week.',
      '',
      `On ${new Date().toDateString()}, Support via Nyota Cloud <${replyTo}> wrote:`,
      '> Yes: NVIDIA L40S nodes, by the hour or the month.',
      '',
    ].join('\n'),
  );
  const fromEmail = log.getByText('Great, please reserve two for next week.');
  await expect(fromEmail).toBeVisible({ timeout: 15_000 });
  await expect(log.getByText('By email', { exact: true })).toBeVisible();
  await expect(log.getByText('Yes: NVIDIA L40S nodes, by the hour or the month.')).toHaveCount(1);

  // Someone else writes to the chat's address: held for the agent.
  deliver(
    [
      'From: Office Manager <office@example.net>',
      `To: ${replyTo}`,
      `Subject: Re: ${mail!.subject}`,
      `Message-ID: <held-${Date.now()}@example.net>`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset="UTF-8"',
      '',
      'Please also send the quote to me.',
      '',
    ].join('\n'),
  );
  const held = conversation.getByRole('region', { name: 'Email replies held for you' });
  await expect(held.getByText('Please also send the quote to me.')).toBeVisible({ timeout: 15_000 });
  await expect(held.getByRole('heading', { name: /Held email reply from office@example\.net/ })).toBeVisible();
  if (shots) {
    for (const width of [1366, 390]) {
      await agent.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      for (const scheme of ['light', 'dark'] as const) {
        await agent.emulateMedia({ colorScheme: scheme });
        await agent.screenshot({ path: `${shots}/console-email-loop-${width}-${scheme}.png` });
      }
    }
    await agent.setViewportSize({ width: 1366, height: 768 });
    await agent.emulateMedia({ colorScheme: 'light' });
  }
  await held.getByRole('button', { name: 'Discard' }).click();
  await expect(held).toBeHidden();
  await expect(log.getByText('Please also send the quote to me.')).toHaveCount(0);

  // Back on the site from the email's link, on a phone: the visitor's log
  // shows which message went by email each way.
  const continueLink = mail!.text?.split(/\s+/).find((word) => word.includes('/api/chat/continue?token='));
  expect(continueLink).toBeTruthy();
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await presetConsent(phone);
  const phonePage = await phone.newPage();
  const url = new URL(continueLink!);
  await phonePage.goto(url.pathname + url.search);
  const phoneLog = phonePage.getByRole('dialog', { name: 'Chat with Nyota Cloud' }).getByRole('log');
  await expect(phoneLog.getByText('Great, please reserve two for next week.')).toBeVisible();
  await expect(phoneLog.getByText('By email', { exact: true })).toBeVisible();
  await expect(phoneLog.getByText('Emailed', { exact: true })).toBeVisible();
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await phonePage.emulateMedia({ colorScheme: scheme });
      await phonePage.screenshot({ path: `${shots}/widget-email-marks-390-${scheme}.png` });
    }
  }
  await phone.close();
  await agentContext.close();
});

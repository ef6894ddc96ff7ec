import { expect, test } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent, uniqueEmail } from './helpers';
import { linkInMail, mailCatcherUrl, mailsTo } from './mailbox';

test.beforeEach(async ({ context }) => {
  test.skip(!mailCatcherUrl, 'MAIL_CATCHER_URL not set (run through ./infra/e2e)');
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  await presetConsent(context);
});

test('an admin invites a support agent, who sets a password, sees only the chat console, answers an auto-assigned chat with a canned reply and a private note; the visitor rates it and gets the transcript', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const login = await page.request.post('/api/login', {
    data: { email: adminEmail, password: adminPassword },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(login.status(), await login.text()).toBe(200);

  const email = uniqueEmail('agent');
  await page.goto('/admin/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Zawadi Njeri');
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  await expect(page.getByRole('row', { name: /Zawadi Njeri/ })).toContainText('Invited, no password yet');

  const link = await linkInMail(email, "You're invited to the Nyota Cloud support team", '/reset-password?token=');
  const agentContext = await browser.newContext();
  await presetConsent(agentContext);
  const agent = await agentContext.newPage();
  await agent.goto(link);
  await expect(agent.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await agent.getByLabel('New password', { exact: true }).fill('zawadi-Pass-1');
  await agent.getByLabel('Confirm new password').fill('zawadi-Pass-1');
  await agent.getByRole('button', { name: 'Set password' }).click();
  await expect(agent.getByText(/Welcome to the team/)).toBeVisible();

  await agent.goto('/login');
  await agent.getByLabel('Email').fill(email);
  await agent.getByLabel('Password').fill('zawadi-Pass-1');
  await agent.getByRole('button', { name: 'Sign In' }).click();
  await expect(agent).toHaveURL(/\/admin\/chat$/);
  await expect(agent.getByRole('heading', { level: 1, name: 'Live chat console' })).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Chat console' }).first()).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await expect(agent.getByRole('button', { name: 'Open chat' })).toHaveCount(0);

  await agent.goto('/admin/settings');
  await expect(agent.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  expect((await agent.request.get('/api/admin/overview')).status()).toBe(403);

  // An admin prepares a canned reply every agent can use.
  const shortcut = `pricing-${Date.now().toString(36)}`;
  const canned = await page.request.post('/api/agent/canned-responses', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { shortcut, title: 'Bare metal pricing', body: 'Hello {{visitor.name}}, {{agent.name}} here: bare metal starts at KES 45,000 a month.' },
  });
  expect(canned.status(), await canned.text()).toBe(201);

  // The admin, on the team page, counts as present (presence follows the
  // agent, not the console page): Busy, so the next chat goes to the new agent.
  const busy = await page.request.put('/api/agent/status', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { status: 'busy' } });
  expect(busy.status()).toBe(200);

  // The agent opens the console and is online: the next chat is theirs.
  await agent.goto('/admin/chat');
  await expect(agent.getByText('Live updates on')).toBeVisible();
  await expect(agent.getByLabel('Your status')).toHaveValue('online');

  const visitorContext = await browser.newContext();
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const visitorName = `Baraka ${Date.now().toString(36)}`;
  const visitorEmail = uniqueEmail('visitor');
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(visitorName);
  await panel.getByLabel('Email').fill(visitorEmail);
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect(panel.getByText('Zawadi Njeri joined the chat')).toBeVisible();
  const messageBox = panel.getByRole('textbox', { name: 'Message' });
  await messageBox.fill('How much is a bare metal server?');
  await messageBox.press('Enter');

  // The chat is assigned to the agent; they answer with the canned reply through "/".
  const row = agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName });
  await expect(row).toContainText('Zawadi Njeri');
  await row.click();
  const conversation = agent.getByRole('region', { name: visitorName });
  await expect(conversation.getByRole('log').getByText('How much is a bare metal server?')).toBeVisible();
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  await reply.pressSequentially(`/${shortcut.slice(0, 9)}`);
  await expect(agent.getByRole('listbox', { name: 'Canned replies' })).toBeVisible();
  await reply.press('Enter');
  const answer = `Hello ${visitorName}, Zawadi Njeri here: bare metal starts at KES 45,000 a month.`;
  await expect(reply).toHaveValue(answer);
  await reply.press('Enter');
  await expect(panel.getByRole('log').getByText(answer)).toBeVisible();

  // A private note stays with the agents: written in the composer's Note mode, shown in the log.
  const secret = `Enterprise lead ${Date.now().toString(36)}, loop in sales`;
  await conversation.getByRole('radio', { name: 'Note' }).check({ force: true });
  await conversation.getByRole('textbox', { name: 'Private note' }).fill(secret);
  await conversation.getByRole('button', { name: 'Add note' }).click();
  const log = conversation.getByRole('log');
  await expect(log.locator('li[data-private-note]').filter({ hasText: secret })).toBeVisible();
  await expect(log).toContainText('Assigned to Zawadi Njeri');

  // Resolved: the visitor rates the chat and asks for the transcript.
  await conversation.getByRole('button', { name: 'Resolve' }).click();
  await expect(panel.getByText('This chat is resolved.')).toBeVisible();
  await expect(panel).not.toContainText(secret);
  await panel.getByRole('radio', { name: '5 – Excellent' }).check({ force: true });
  await panel.getByLabel('Comment (optional)').fill('Clear answer, thank you');
  await panel.getByRole('button', { name: 'Send rating' }).click();
  await expect(panel.getByText('Thank you for your feedback! You rated this chat 5 out of 5.')).toBeVisible();
  // The address is confirmed first: a code goes to it, entered in the chat.
  await panel.getByRole('button', { name: 'Email me the transcript' }).click();
  await expect(panel.getByText(`we have emailed a 6-digit code to ${visitorEmail}`, { exact: false })).toBeVisible();
  let code = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(visitorEmail)).find((m) => m.subject === 'Your Nyota Cloud confirmation code');
        code = /Code\D*(\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  await panel.getByLabel('Code from the email').fill(code);
  await panel.getByRole('button', { name: 'Send transcript' }).click();
  await expect(panel.getByText(`We are emailing the transcript to ${visitorEmail}.`)).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(visitorEmail)).find((mail) => mail.subject === 'Your chat transcript from Nyota Cloud')?.text ?? '', {
      timeout: 15_000,
    })
    .toContain('bare metal starts at KES 45,000 a month.');
  const transcript = (await mailsTo(visitorEmail)).find((mail) => mail.subject === 'Your chat transcript from Nyota Cloud')!;
  expect(transcript.text).not.toContain(secret);

  // The agent sees the rating in the conversation; the admin on analytics.
  await expect(conversation).toContainText('5/5 — Clear answer, thank you');
  await page.goto('/admin/analytics');
  const ratings = page.getByRole('table', { name: 'Chat ratings per agent and week' });
  await expect(ratings.getByRole('row', { name: /Zawadi Njeri/ })).toContainText('5.0');
  await visitorContext.close();
  await agentContext.close();
  const online = await page.request.put('/api/agent/status', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { status: 'online' } });
  expect(online.status()).toBe(200);
});

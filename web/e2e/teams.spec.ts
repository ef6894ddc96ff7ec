import { expect, test } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent, signedInAdmin, uniqueEmail } from './helpers';

const shotsDir = process.env.SHOTS_DIR;

test.beforeEach(async () => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
});

/**
 * Issue 40, teams: an admin creates a team and a routing rule on /admin/teams
 * (keyboard reorder included); a chat started in the widget on a matching page
 * lands in that team, and the console's Team filter shows it. With SHOTS_DIR
 * set, screenshots of the team settings and the filtered inbox at 1366×768 and
 * 390 px, light and dark.
 */
test('a team and a rule made on the team settings route a chat started on a matching page into that team', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { context, page } = await signedInAdmin(browser, baseURL!);
  const suffix = Date.now().toString(36);
  const teamName = `Servers ${suffix}`;

  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams and routing' })).toBeVisible();
  const newTeam = page.getByRole('form', { name: 'New team' });
  await newTeam.getByLabel('Team name').fill(teamName);
  await newTeam.getByLabel('Description (optional)').fill('Virtual and bare metal servers');
  await newTeam.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { level: 3, name: teamName })).toBeVisible();
  // A second team and two rules, to reorder with the keyboard.
  await newTeam.getByLabel('Team name').fill(`Sales ${suffix}`);
  await newTeam.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { level: 3, name: `Sales ${suffix}` })).toBeVisible();

  const newRule = page.getByRole('form', { name: 'New routing rule' });
  await newRule.getByLabel('Match').selectOption('label');
  await newRule.getByLabel('Value').fill('billing');
  await newRule.getByLabel('Team').selectOption({ label: `Sales ${suffix}` });
  await newRule.getByRole('button', { name: 'Add rule' }).click();
  const rules = page.getByRole('list', { name: 'Routing rules, first tried first' });
  await expect(rules.getByRole('listitem')).toHaveCount(1);
  await newRule.getByLabel('Match').selectOption('page');
  await newRule.getByLabel('Value').fill('pricing');
  await newRule.getByLabel('Team').selectOption({ label: teamName });
  await newRule.getByRole('button', { name: 'Add rule' }).click();
  await expect(newRule.getByRole('alert')).toContainText('Page must be a path of the site starting with /');
  await newRule.getByLabel('Value').fill('/virtual-servers');
  await newRule.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules.getByRole('listitem')).toHaveCount(2);
  await expect(rules.getByRole('listitem').nth(1)).toContainText(`Page starts with /virtual-servers → ${teamName}`);
  // Move the page rule up with the keyboard: focus stays on the moved rule.
  await rules.getByRole('button', { name: `Move up: Page starts with /virtual-servers → ${teamName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(rules.getByRole('listitem').first()).toContainText('/virtual-servers');
  await expect(rules.getByRole('button', { name: `Move down: Page starts with /virtual-servers → ${teamName}` })).toBeFocused();

  // A visitor starts a chat on a product page under the rule's path.
  const visitorContext = await browser.newContext();
  await presetConsent(visitorContext);
  const visitor = await visitorContext.newPage();
  const visitorName = `Kamau ${suffix}`;
  await visitor.goto('/virtual-servers');
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const panel = visitor.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(visitorName);
  await panel.getByLabel('Email').fill(uniqueEmail('teams'));
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // The console's Team filter shows it in the team, with the team on its row.
  await page.goto('/admin/chat');
  await expect(page.getByText('Live updates on')).toBeVisible();
  await page.getByLabel('Team', { exact: true }).selectOption({ label: teamName });
  const row = page.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('inbox-team')).toHaveText(`Team ${teamName}`);
  await page.getByLabel('Team', { exact: true }).selectOption({ label: `Sales ${suffix}` });
  await expect(page.getByText('No chats match these filters.')).toBeVisible();
  await visitorContext.close();
  await context.close();

  if (!shotsDir) return;
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const { context: shots, page: admin } = await signedInAdmin(browser, baseURL!, { viewport, colorScheme: theme });
      await presetConsent(shots, { theme });
      await admin.goto('/admin/teams');
      await expect(admin.getByRole('heading', { level: 3, name: teamName })).toBeVisible();
      await admin.waitForTimeout(300);
      await admin.screenshot({ path: `${shotsDir}/team-settings-${viewport.width}-${theme}.png` });
      // Only the page area scrolls: bring the rules into view for their own shot.
      await admin.getByRole('heading', { level: 2, name: 'Routing rules' }).scrollIntoViewIfNeeded();
      await admin.waitForTimeout(300);
      await admin.screenshot({ path: `${shotsDir}/team-rules-${viewport.width}-${theme}.png` });
      await admin.goto('/admin/chat');
      await expect(admin.getByText('Live updates on')).toBeVisible();
      await admin.getByLabel('Team', { exact: true }).selectOption({ label: teamName });
      await expect(admin.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName })).toBeVisible();
      await admin.waitForTimeout(300);
      await admin.screenshot({ path: `${shotsDir}/inbox-team-filter-${viewport.width}-${theme}.png` });
      await shots.close();
    }
  }
});

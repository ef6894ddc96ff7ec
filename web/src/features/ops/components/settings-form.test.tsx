import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { json, mockFetch, renderApp, sampleUser, type Handler } from '@/test/render';
import { supportDialogs } from '@/test/dialog-test-support';

quietSocketsInEachTest();
supportDialogs();

const admin = { ...sampleUser, isAdmin: true };

function serve(save: Handler = (_url, init) => json(200, JSON.parse(String(init.body)))) {
  return mockFetch((url, init) => {
    if (url === '/api/user') return json(200, admin);
    if (url === '/api/site-settings') return json(200, defaultSiteSettings);
    if (url === '/api/admin/site-settings') return save(url, init);
    return json(404, { message: 'Not found' });
  });
}

function saves(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.filter(([url]) => String(url) === '/api/admin/site-settings');
}

async function openForm() {
  const result = renderApp('/admin/settings');
  await screen.findByRole('form', { name: 'Site settings' });
  return result;
}


describe('/admin/settings', () => {
  const saveBar = () => screen.queryByRole('region', { name: 'Save changes' });
  const openSection = (user: ReturnType<typeof userEvent.setup>, name: string) =>
    user.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
  /** Replaces a field's text as a paste would (typing each key is slow and adds nothing here). */
  const replace = async (user: ReturnType<typeof userEvent.setup>, label: string, text: string) => {
    await user.clear(screen.getByLabelText(label));
    if (text) await user.paste(text);
  };

  it('shows every setting from the server, one section at a time, with no save bar until a change', async () => {
    serve();
    const user = userEvent.setup();
    await openForm();
    const tabs = within(screen.getByRole('tablist', { name: 'Settings sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Brand and contact',
      'Chat and business hours',
      'Email',
      'Security',
      'Analytics',
      'Data protection',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    for (const legend of ['Contact', 'Office', 'Links', 'Partners', 'Social']) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.queryByRole('group', { name: 'Mailboxes' })).toBeNull();
    expect(screen.getByLabelText('Phone')).toHaveValue(defaultSiteSettings.phone);
    expect(screen.getByLabelText('Office city')).toHaveValue(defaultSiteSettings.office.city);
    expect(screen.getByLabelText('Partner 14')).toHaveValue('Zuri Media');
    expect(screen.getByLabelText('Social link 1 address')).toHaveValue(defaultSiteSettings.social[0]!.href);
    expect(saveBar()).toBeNull();

    await openSection(user, 'Email');
    expect(screen.getByRole('group', { name: 'Mailboxes' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sales email')).toHaveValue(defaultSiteSettings.salesEmail);
    expect(screen.queryByRole('group', { name: 'Contact' })).toBeNull();
    await openSection(user, 'Chat and business hours');
    expect(screen.getByLabelText('Largest chat attachment (MiB)')).toHaveValue(10);
    await openSection(user, 'Security');
    expect(screen.getByLabelText('Staff sign-in lasts (hours)')).toHaveValue(12);
    await openSection(user, 'Analytics');
    expect(screen.getByRole('checkbox', { name: /Count page views/ })).toBeChecked();
    await openSection(user, 'Data protection');
    expect(screen.getByLabelText('Resolved chats (months)')).toHaveValue(24);
    expect(screen.getByLabelText('Sent emails (months)')).toHaveValue(24);
    expect(screen.getByLabelText('Waitlist entries (months)')).toHaveValue(24);
    expect(saveBar()).toBeNull();
  });

  it('moves between sections with the arrow keys, as any tab list does', async () => {
    serve();
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('tab', { name: 'Brand and contact' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Data protection' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Data protection' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Brand and contact' })).toHaveFocus();
    expect(screen.getByLabelText('Phone')).toBeVisible();
  });

  it('shows the save bar from the first change, and Discard puts every value back', async () => {
    serve();
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Office hours'), ' and weekends');
    const bar = saveBar();
    expect(bar).not.toBeNull();
    expect(within(bar!).getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(within(bar!).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Office hours')).toHaveValue(defaultSiteSettings.hours);
    expect(saveBar()).toBeNull();
  });

  it('shows each rule by its field, in the server words, opens the first failing section and sends nothing', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    await openForm();
    await replace(user, 'Phone', '');
    await replace(user, 'Hero video URL', 'https://vimeo.com/1');
    await replace(user, 'Partner 2', '');
    await openSection(user, 'Email');
    await replace(user, 'Support email', 'support@nyota');
    await openSection(user, 'Security');
    await replace(user, 'Staff sign-in lasts (hours)', '200');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    // The first failing field in the form's order is the phone: its section opens and it has the focus.
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveFocus());
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Hero video URL must be a YouTube embed address starting with https://www.youtube-nocookie.com/embed/'),
    ).toBeInTheDocument();
    expect(screen.getByText('Partner 2 is required')).toBeInTheDocument();
    // Each section says how many problems it holds.
    expect(screen.getByRole('tab', { name: 'Brand and contact, 3 problems' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Email, 1 problem' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Security, 1 problem' })).toBeInTheDocument();
    await openSection(user, 'Email');
    expect(screen.getByText('Support email must be a valid email address')).toBeInTheDocument();
    await openSection(user, 'Security');
    expect(screen.getByText('Staff sign-in must last a whole number of hours from 1 to 168')).toBeInTheDocument();
    expect(saves(fetch)).toHaveLength(0);
  });

  it("puts the server's refusal beside the field it names, in that field's section, and keeps the input", async () => {
    serve(() => json(400, { message: 'Sales email must be a valid email address', field: 'salesEmail' }));
    const user = userEvent.setup();
    await openForm();
    await replace(user, 'Office hours', 'Mon-Sat 8AM-8PM EAT');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(screen.getByLabelText('Sales email')).toHaveFocus());
    expect(screen.getByRole('tab', { name: /^Email/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Sales email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Sales email')).toHaveAccessibleDescription('Sales email must be a valid email address');
    const bar = saveBar()!;
    expect(within(bar).getByText('The settings were not saved')).toBeInTheDocument();
    await openSection(user, 'Brand and contact');
    expect(screen.getByLabelText('Office hours')).toHaveValue('Mon-Sat 8AM-8PM EAT');
  });

  it("shows a refusal that names no field in the save bar", async () => {
    serve(() => json(400, { message: 'The request body is not valid JSON' }));
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Office hours'), '!');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await within(saveBar()!).findByRole('alert');
    expect(within(alert).getByText('The settings were not saved')).toBeInTheDocument();
    expect(within(alert).getByText('The request body is not valid JSON')).toBeInTheDocument();
  });

  it('edits the lists and saves everything at once with a toast', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    await openForm();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+254 711 222 333');
    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    await user.type(screen.getByLabelText('Partner 15'), 'Kahawa Foods');
    await user.click(screen.getByRole('button', { name: 'Move partner 15 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove partner 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove social link 4' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const [[, init]] = saves(fetch) as [[string, RequestInit]];
    expect(init.method).toBe('PUT');
    const body = JSON.parse(String(init.body));
    expect(body.phone).toBe('+254 711 222 333');
    expect(body.partners).toHaveLength(14);
    expect(body.partners[0]).toBe('Rift Valley Networks');
    expect(body.partners.slice(-2)).toEqual(['Kahawa Foods', 'Zuri Media']);
    expect(body.social.map((link: { label: string }) => link.label)).toEqual(['LinkedIn', 'X (Twitter)', 'Facebook']);
    await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).toBeNull());
  });

  it('asks before an in-app link leaves unsaved changes, and stays when told to', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = await openForm();
    await user.type(screen.getByLabelText('Office hours'), ' and weekends');
    const adminLink = () => within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Overview' });
    await user.click(adminLink());
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(screen.getByLabelText('Office hours')).toHaveValue('Mon-Fri 8AM-6PM EAT and weekends');

    await user.click(adminLink());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/site-settings') return fail ? json(503, { message: 'Service unavailable' }) : json(200, defaultSiteSettings);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    expect(await screen.findByText('The settings could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Site settings' })).toBeInTheDocument();
  });
});

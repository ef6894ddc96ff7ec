import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/lib/site-settings';
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
  it('shows every setting, grouped, from the server', async () => {
    serve();
    await openForm();
    for (const legend of ['Contact', 'Mailboxes', 'Links', 'Office', 'Partners', 'Social']) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Phone')).toHaveValue(defaultSiteSettings.phone);
    expect(screen.getByLabelText('Sales email')).toHaveValue(defaultSiteSettings.salesEmail);
    expect(screen.getByLabelText('Office city')).toHaveValue(defaultSiteSettings.office.city);
    expect(screen.getByLabelText('Partner 14')).toHaveValue('Zuri Media');
    expect(screen.getByLabelText('Social link 1 address')).toHaveValue(defaultSiteSettings.social[0]!.href);
  });

  it('shows each rule by its field, in the server words, and sends nothing', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    await openForm();
    await user.clear(screen.getByLabelText('Phone'));
    await user.clear(screen.getByLabelText('Support email'));
    await user.type(screen.getByLabelText('Support email'), 'support@nyota');
    await user.clear(screen.getByLabelText('Hero video URL'));
    await user.type(screen.getByLabelText('Hero video URL'), 'https://vimeo.com/1');
    await user.clear(screen.getByLabelText('Partner 2'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Support email must be a valid email address')).toBeInTheDocument();
    expect(
      screen.getByText('Hero video URL must be a YouTube embed address starting with https://www.youtube-nocookie.com/embed/'),
    ).toBeInTheDocument();
    expect(screen.getByText('Partner 2 is required')).toBeInTheDocument();
    expect(saves(fetch)).toHaveLength(0);
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

  it("shows the server's refusal above the form and keeps the input", async () => {
    serve(() => json(400, { message: 'Sales email must be a valid email address' }));
    const user = userEvent.setup();
    await openForm();
    await user.clear(screen.getByLabelText('Office hours'));
    await user.type(screen.getByLabelText('Office hours'), 'Mon-Sat 8AM-8PM EAT');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The settings were not saved')).toBeInTheDocument();
    expect(within(alert).getByText('Sales email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Office hours')).toHaveValue('Mon-Sat 8AM-8PM EAT');
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

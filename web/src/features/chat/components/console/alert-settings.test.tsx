import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentProfile } from '@/api-types/AgentProfile';
import { createQueryClient } from '@/lib/query-client';
import { supportDialogs } from '@/test/dialog-test-support';
import { json, mockFetch } from '@/test/render';
import { AlertSettingsButton, displayNameError } from './alert-settings';

supportDialogs();

const saved: AgentProfile = {
  accountName: 'Amina Otieno',
  displayName: null,
  shownName: 'Amina Otieno',
  languages: ['en'],
  soundEnabled: true,
  soundEvents: ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'],
  notifyEvents: ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'],
};

function stubNotification(permission: NotificationPermission) {
  const requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
  const Stub = Object.assign(function Notification() {}, { permission, requestPermission });
  vi.stubGlobal('Notification', Stub);
  return requestPermission;
}

function renderButton() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AlertSettingsButton />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('displayNameError', () => {
  it('allows 1 to 60 characters without control characters, as the server does', () => {
    expect(displayNameError('  Amina  ')).toBeNull();
    expect(displayNameError('é'.repeat(60))).toBeNull();
    expect(displayNameError('a'.repeat(61))).toBe('Display name must be at most 60 characters');
    expect(displayNameError('Amina\u0007')).toBe('Display name must not contain control characters');
  });
});

describe('AlertSettingsButton', () => {
  it('saves the display name and the alert choices to the profile', async () => {
    const requestPermission = stubNotification('default');
    const fetch = mockFetch((url, init) => {
      if (url === '/api/agent/profile' && init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as AgentProfile;
        return json(200, { ...saved, ...body, shownName: body.displayName || saved.accountName });
      }
      if (url === '/api/agent/profile') return json(200, saved);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderButton();
    // Nothing is asked of the browser before the agent clicks.
    expect(requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Alerts' }));
    const name = await screen.findByRole('textbox', { name: 'Display name' });
    await user.type(name, 'a'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Display name must be at most 60 characters');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(name);
    await user.type(name, '  Amina  ');
    const sounding = within(screen.getByRole('group', { name: 'Events that sound' }));
    await user.click(sounding.getByRole('checkbox', { name: 'A new chat in the queue' }));
    await user.click(screen.getByRole('button', { name: 'Allow desktop notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    // Languages: none is refused before anything is sent; then English and French.
    const languages = within(screen.getByRole('group', { name: 'Languages you answer chats in' }));
    await user.click(languages.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one language you answer chats in')).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.click(languages.getByRole('checkbox', { name: 'English' }));
    await user.click(languages.getByRole('checkbox', { name: 'French' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      displayName: 'Amina',
      soundEnabled: true,
      soundEvents: ['assigned', 'visitor_message', 'waiting_too_long'],
      notifyEvents: saved.notifyEvents,
      languages: ['en', 'fr'],
    });
    // Saved: the dialog closes.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Display name' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    stubNotification('granted');
    mockFetch((url, init) => {
      if (url === '/api/agent/profile' && init.method === 'PUT')
        return json(429, { message: 'Too many changes. Please wait a minute and try again.' });
      if (url === '/api/agent/profile') return json(200, saved);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Alerts' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Play a short sound' }));
    // Sound off: the per-event choices are disabled.
    const sounding = within(screen.getByRole('group', { name: 'Events that sound' }));
    expect(sounding.getByRole('checkbox', { name: 'A new chat in the queue' })).toBeDisabled();
    const notifying = within(screen.getByRole('group', { name: 'Events that show a desktop notification' }));
    expect(notifying.getByRole('checkbox', { name: 'A new chat in the queue' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Allow desktop notifications' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many changes. Please wait a minute and try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Display name' })).toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, with a way to try again', async () => {
    stubNotification('default');
    mockFetch(() => json(500, { message: 'Something went wrong on our side. Please try again.' }));
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Alerts' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

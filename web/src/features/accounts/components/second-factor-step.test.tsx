import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** /login whose password step asks for a second factor by `methods`. */
async function atSecondStep(methods: string[]) {
  const user = userEvent.setup();
  const fetch = mockFetch((url) => {
    if (url === '/api/user') return json(401, { message: 'Not signed in' });
    if (url === '/api/login') return json(202, { message: 'Second factor', secondFactorRequired: true, methods });
    if (url === '/api/login/second-factor/passkey') {
      return json(200, { publicKey: { challenge: 'AAAA', allowCredentials: [], rpId: 'localhost' } });
    }
    return json(404, {});
  });
  renderApp('/login');
  await user.type(await screen.findByLabelText('Email'), 'agent@nyota.example');
  await user.type(screen.getByLabelText('Password'), 'a-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return { user, fetch };
}

describe('the second sign-in step', () => {
  it('offers a passkey first when the account has no authenticator app', async () => {
    const { user } = await atSecondStep(['passkey', 'recovery']);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use your authenticator app' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toHaveFocus();
  });

  it('offers the app code and a passkey when the account has both', async () => {
    await atSecondStep(['totp', 'passkey', 'recovery']);
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
  });

  it('shows no passkey button to an account without one', async () => {
    await atSecondStep(['totp', 'recovery']);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });

  it('says in words when the browser cannot use a passkey', async () => {
    // jsdom has no WebAuthn, as an old browser would not.
    const { user, fetch } = await atSecondStep(['passkey', 'recovery']);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/This browser does not support passkeys/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/login/second-factor/passkey/finish')).toBe(false);
  });
});

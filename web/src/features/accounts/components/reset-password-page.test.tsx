import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadArea } from '@/i18n/i18n';
import { json, mockFetch, renderApp, type Handler } from '@/test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const token = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-_01234';
const invalid = 'This reset link is invalid or has expired. Please request a new one.';
const done = 'Your password has been reset. You can now sign in with your new password.';

function start(confirm: Handler, path = `/reset-password?token=${token}`) {
  const fetch = mockFetch((url, init) => {
    if (url === '/api/user') return json(401, { message: 'Unauthorized' });
    if (url === '/api/password-reset/confirm') return confirm(url, init);
    return json(404, {});
  });
  renderApp(path);
  return fetch;
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/reset-password', () => {
  it('checks the password rule and the confirmation before sending', async () => {
    const user = userEvent.setup();
    const fetch = start(() => json(200, { message: done }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reset Password | Nyota Cloud'));
    await fill(user, 'short');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-past');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/password-reset/confirm')).toHaveLength(0);
  });

  it('sends the token with the new password and offers to sign in', async () => {
    const user = userEvent.setup();
    const fetch = start(() => json(200, { message: done }));
    await fill(user, 'brand-new-pass');
    expect(await screen.findByText(new RegExp(done.replace(/\./g, '\\.')))).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('you have been signed out everywhere');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/password-reset/confirm')!;
    expect(JSON.parse(String(init?.body))).toEqual({ token, password: 'brand-new-pass' });
  });

  it('offers a new link when the server refuses this one, and without a token', async () => {
    const user = userEvent.setup();
    start(() => json(400, { message: invalid, field: 'token' }));
    await fill(user, 'brand-new-pass');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows a link without a token as not valid', async () => {
    start(() => json(200, { message: done }), '/reset-password');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });

  it('knows a refused link by its field, not its words', async () => {
    const user = userEvent.setup();
    start(() => json(400, { message: 'Password must be between 6 and 256 characters', field: 'password' }));
    await fill(user, 'brand-new-pass');
    expect(await screen.findByText('Password must be between 6 and 256 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('brand-new-pass');
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
  });

  it('keeps the form on other failures and says why', async () => {
    const user = userEvent.setup();
    start(() => json(503, { message: 'The account service is temporarily unavailable. Please try again in a moment.' }));
    await fill(user, 'brand-new-pass');
    expect(
      await screen.findByText('The account service is temporarily unavailable. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('brand-new-pass');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
  });
});

describe('/reset-password?invite=1 (an invitation to the support team)', () => {
  it('asks the invited agent to set a password and sends the token with it', async () => {
    const user = userEvent.setup();
    const fetch = start(() => json(200, { message: done }), `/reset-password?token=${token}&invite=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'agent-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'agent-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/Welcome to the team/)).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => url === '/api/password-reset/confirm');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ token, password: 'agent-pass-1' });
  });

  it('tells an agent with a used or expired invitation to ask for a new one', async () => {
    const user = userEvent.setup();
    start(() => json(400, { message: invalid, field: 'token' }, 'Bad Request'), `/reset-password?token=${token}&invite=1`);
    await user.type(await screen.findByLabelText('New password'), 'agent-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'agent-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/ask your administrator to invite you again/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
  });
});

describe('/reset-password in French', () => {
  const invalidFr = 'Ce lien de réinitialisation n’est pas valide ou a expiré. Veuillez en demander un nouveau.';
  const doneFr =
    'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.';

  // The page's module may be loaded already (in English): its French messages load here.
  async function inFrench() {
    await activateLocale('fr');
    await Promise.all([loadArea('password'), loadArea('account')]);
  }

  async function fillFr(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Nouveau mot de passe', {}, { timeout: 10_000 }), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
  }

  it('asks in French and shows the server’s French answer', async () => {
    await inFrench();
    const user = userEvent.setup();
    const fetch = start(() => json(200, { message: doneFr }));
    await fillFr(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${doneFr} Pour votre sécurité, vous avez été déconnecté de tous vos appareils.`,
    );
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/password-reset/confirm')!;
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('fr');
  });

  it('shows the server’s French refusal of a spent link and offers a new one', async () => {
    await inFrench();
    const user = userEvent.setup();
    start(() => json(400, { message: invalidFr, field: 'token' }));
    await fillFr(user);
    expect(await screen.findByText(invalidFr)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
  });
});

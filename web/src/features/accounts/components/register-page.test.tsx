import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp, type Handler } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const networkText =
  'Network error: Unable to connect to the registration service. Please try joining our waitlist instead.';

function start(registerReply: Handler) {
  return mockFetch((url, init) => {
    if (url === '/api/user') return json(401, {});
    if (url === '/api/register') return registerReply(url, init);
    if (url === '/api/waitlist') return json(202, { message: "Thank you! You're on the waitlist. We've sent you a confirmation email." });
    return json(404, {});
  });
}

async function submitRegistration(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/register');
  await user.type(await screen.findByLabelText('First Name'), 'Amina');
  await user.type(screen.getByLabelText('Last Name'), 'Otieno');
  await user.type(screen.getByLabelText('Email Address'), 'amina@example.com');
  await user.type(screen.getByLabelText('Phone Number'), '+254700000001');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/register waitlist', () => {
  it('offers the waitlist when registration cannot be reached, and joins it for registration', async () => {
    const user = userEvent.setup();
    const fetch = start(() => {
      throw new TypeError('Failed to fetch');
    });
    await submitRegistration(user);
    expect(await screen.findByText(networkText)).toBeInTheDocument();
    const waitlist = screen.getByRole('region', { name: 'Join our waitlist' });
    await user.type(within(waitlist).getByLabelText('Email'), 'amina@example.com');
    await user.type(within(waitlist).getByLabelText('Name (optional)'), 'Amina Otieno');
    await user.click(within(waitlist).getByRole('button', { name: 'Join the waitlist' }));
    expect(
      await within(waitlist).findByText("Thank you! You're on the waitlist. We've sent you a confirmation email."),
    ).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/waitlist')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'amina@example.com',
      name: 'Amina Otieno',
      interest: 'general',
      language: 'en',
    });
  });

  it('offers it when the account service is away too', async () => {
    const user = userEvent.setup();
    start(() =>
      json(503, { message: 'The account service is temporarily unavailable. Please try again in a moment.' }),
    );
    await submitRegistration(user);
    expect(await screen.findByRole('region', { name: 'Join our waitlist' })).toBeInTheDocument();
  });

  it('does not offer it when the server refused the registration', async () => {
    const user = userEvent.setup();
    start(() => json(429, { message: 'Too many registration attempts. Please try again later.' }));
    await submitRegistration(user);
    expect(await screen.findAllByText('Too many registration attempts. Please try again later.')).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Join our waitlist' })).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp, type Handler } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const accepted = { message: "If an account uses this email address, we've sent it password reset instructions." };

function start(reset: Handler = () => json(202, accepted)) {
  const fetch = mockFetch((url, init) => {
    if (url === '/api/user') return json(401, { message: 'Unauthorized' });
    if (url === '/api/password-reset') return reset(url, init);
    return json(404, {});
  });
  renderApp('/forgot-password');
  return fetch;
}

function resetCalls(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.filter(([url]) => String(url) === '/api/password-reset');
}

describe('/forgot-password', () => {
  it('links back to login and refuses a malformed address without a call', async () => {
    const user = userEvent.setup();
    const fetch = start();
    expect(await screen.findByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText('Email'), 'amina@example');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(resetCalls(fetch)).toHaveLength(0);
  });

  it('goes idle → submitting (until the server answers) → sent, then Try another email returns to an empty form', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    const fetch = start(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.type(await screen.findByLabelText('Email'), '  amina@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));

    const sending = await screen.findByRole('button', { name: 'Sending instructions...' });
    expect(sending).toBeDisabled();
    expect(sending.querySelector('.animate-spin')).not.toBeNull();
    const calls = resetCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({ email: 'amina@example.com', language: 'en' });
    // Still sending while the server has not answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Sending instructions...' })).toBeInTheDocument();

    answer(json(202, accepted));
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    const confirmation = heading.parentElement!;
    expect(confirmation).toHaveTextContent("We've sent password reset instructions to amina@example.com.");
    await waitFor(() => expect(confirmation).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Try another email' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Send reset instructions' })).toBeEnabled();
  });

  it.each([
    ['a refusal', () => json(429, { message: 'Too many password reset requests. Please try again later.' })],
    ['a server failure', () => json(503, { message: 'Password reset is not available right now. Please try again.' })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows the spec error alert on %s and keeps the address', async (_, reply) => {
    const user = userEvent.setup();
    start(reply);
    await user.type(await screen.findByLabelText('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent("We couldn't process your request. Please try again later.");
    expect(screen.getByLabelText('Email')).toHaveValue('amina@example.com');
    expect(screen.getByRole('button', { name: 'Send reset instructions' })).toBeEnabled();
  });
});

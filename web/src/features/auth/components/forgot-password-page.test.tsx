import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits } from '@/config/site';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function start() {
  const fetch = mockFetch((url) => (url === '/api/user' ? json(401, { message: 'Unauthorized' }) : json(404, {})));
  renderApp('/forgot-password');
  return fetch;
}

describe('/forgot-password', () => {
  it('links back to login and refuses a malformed address', async () => {
    const user = userEvent.setup();
    start();
    expect(await screen.findByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText('Email'), 'amina@example');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes idle → submitting → sent without a call, then Try another email returns to an empty form', async () => {
    const user = userEvent.setup();
    const fetch = start();
    await user.type(await screen.findByLabelText('Email'), '  amina@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));

    const sending = await screen.findByRole('button', { name: 'Sending instructions...' });
    expect(sending).toBeDisabled();
    expect(sending.querySelector('.animate-spin')).not.toBeNull();

    const heading = await screen.findByRole('heading', { name: 'Check your email' }, { timeout: limits.passwordResetDelayMs + 4000 });
    const confirmation = heading.parentElement!;
    expect(confirmation).toHaveTextContent("We've sent password reset instructions to amina@example.com.");
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/forgot-password');
    expect(fetch.mock.calls.every(([url]) => String(url) === '/api/user')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Try another email' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Send reset instructions' })).toBeEnabled();
  });

  it('shows the error alert if the request cannot be processed', async () => {
    const user = userEvent.setup();
    start();
    const realSetTimeout = window.setTimeout.bind(window);
    vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (delay === limits.passwordResetDelayMs) throw new Error('simulated failure');
      return realSetTimeout(handler, delay, ...args);
    }) as typeof window.setTimeout);
    await user.type(await screen.findByLabelText('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent("We couldn't process your request. Please try again later.");
    expect(screen.getByLabelText('Email')).toHaveValue('amina@example.com');
  });
});

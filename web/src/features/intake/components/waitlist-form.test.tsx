import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch } from '@/test/render';
import { WaitlistForm } from './waitlist-form';

const joined = "Thank you! You're on the waitlist. We've sent you a confirmation email.";

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WaitlistForm interest="gpu-cluster" title="Early access" text="Be first on the GPU cluster." />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WaitlistForm', () => {
  it('refuses a malformed address without a call, then joins with the interest and shows the thanks', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => json(202, { message: joined }));
    renderForm();
    expect(screen.getByRole('region', { name: 'Early access' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'amina@example');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(screen.getByText('Please enter a valid email address')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), '.com');
    await user.type(screen.getByLabelText('Name (optional)'), '  Amina  ');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(joined)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/waitlist');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'amina@example.com',
      name: 'Amina',
      interest: 'gpu-cluster',
      language: 'en',
    });
  });

  it('leaves out an empty name, and shows other failures in an alert with the values kept', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => json(503, { message: 'The waitlist cannot be joined right now. Please try again.' }));
    renderForm();
    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    const alert = await screen.findByText('The waitlist cannot be joined right now. Please try again.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Could not join the waitlist');
    expect(screen.getByLabelText('Email')).toHaveValue('amina@example.com');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      email: 'amina@example.com',
      interest: 'gpu-cluster',
      language: 'en',
    });
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch } from '@/test/render';
import { SubscribeBox } from './subscribe-box';

const thanks = "Thank you! You'll receive updates about upcoming Nyota events.";

function renderBox() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SubscribeBox topic="events" title="Stay Connected" text="Event news by email." successText={thanks} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Stay Connected' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscribeBox', () => {
  it('subscribes the address to its topic, thanks with the spec text and asks to confirm', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    const fetch = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const box = renderBox();
    await user.type(within(box).getByLabelText('Email address'), ' amina@example.com ');
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));

    expect(within(box).getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/subscriptions');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'amina@example.com', topic: 'events', language: 'en' });
    expect(new Headers(init?.headers).get('X-Requested-With')).toBe('XMLHttpRequest');

    answer(json(202, { message: 'Thank you! Please check your inbox to confirm your subscription.' }));
    expect(await within(box).findByRole('status')).toHaveTextContent(thanks);
    expect(within(box).getByText('Check your inbox and confirm your address to start receiving updates.')).toBeVisible();
    expect(within(box).getByLabelText('Email address')).toHaveValue('');
    expect(within(box).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('shows the server refusal or a network failure as an alert and keeps the address', async () => {
    const user = userEvent.setup();
    let reply: () => Response = () => json(429, { message: 'Too many subscription requests. Please try again later.' });
    mockFetch(() => reply());
    const box = renderBox();
    const input = within(box).getByLabelText('Email address');
    await user.type(input, 'amina@example.com');
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'Too many subscription requests. Please try again later.',
    );
    expect(input).toHaveValue('amina@example.com');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(await within(box).findByText(
      "We couldn't subscribe you right now. Please check your connection and try again.",
    )).toHaveAttribute('role', 'alert');
    expect(within(box).queryByRole('status')).toBeNull();
  });
});

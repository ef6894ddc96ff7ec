import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch } from '@/test/render';
import { EdgeRoute } from './edge-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/edge early access', () => {
  it('puts visitors on the GPU cluster early-access list', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => json(202, { message: "Thank you! You're on the waitlist. We've sent you a confirmation email." }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/edge']}>
          <EdgeRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Early Access' })).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Get early access to the GPU cluster' });
    await user.type(within(form).getByLabelText('Email'), 'cto@example.com');
    await user.click(within(form).getByRole('button', { name: 'Request early access' }));
    expect(await within(form).findByText(/You're on the waitlist/)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/waitlist');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'cto@example.com', interest: 'gpu-cluster', language: 'en' });
  });
});

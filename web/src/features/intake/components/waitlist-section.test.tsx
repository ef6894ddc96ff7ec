import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntry } from '@/api-types/WaitlistEntry';
import type { WaitlistPage } from '@/api-types/WaitlistPage';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch } from '@/test/render';
import { WaitlistSection } from './waitlist-section';

const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: '0190f0a0-0000-7000-8000-0000000000b1',
  email: 'amina@example.com',
  name: '<b>Amina</b>',
  interest: 'gpu-cluster',
  createdAt: '2026-11-25T07:30:00Z',
  ...over,
});

const page = (items: WaitlistEntry[], totalPages = items.length ? 1 : 0): WaitlistPage => ({
  items,
  pagination: { page: 1, limit: 50, total: items.length, totalPages, hasPrevPage: false, hasNextPage: totalPages > 1 },
});

const counts = {
  topics: [
    { topic: 'blog', confirmed: 3, pending: 1, unsubscribed: 2 },
    { topic: 'events', confirmed: 0, pending: 0, unsubscribed: 0 },
  ],
};

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WaitlistSection />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WaitlistSection', () => {
  it('lists entries as text, filters by interest with a matching CSV link, and shows subscriber counts', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((url) => {
      if (url === '/api/admin/subscriptions') return json(200, counts);
      if (url === '/api/admin/waitlist?page=1') return json(200, page([entry(), entry({ id: 'x2', email: 'b@example.com', name: null, interest: 'general' })]));
      if (url === '/api/admin/waitlist?interest=gpu-cluster&page=1') return json(200, page([entry()]));
      return json(404, {});
    });
    renderSection();
    const section = screen.getByRole('region', { name: 'Waitlist' });
    const table = await within(section).findByRole('table');
    expect(within(table).getByText('<b>Amina</b>')).toBeInTheDocument();
    expect(within(table).getByText('GPU cluster early access')).toBeInTheDocument();
    expect(within(table).getByText('Registration')).toBeInTheDocument();
    expect(within(section).getByText('2 entries')).toBeInTheDocument();
    const subscribers = await within(section).findByRole('list', { name: 'Email subscribers' });
    expect(subscribers).toHaveTextContent('Blog: 3 confirmed, 1 awaiting confirmation');
    expect(subscribers).toHaveTextContent('Events: 0 confirmed, 0 awaiting confirmation');
    expect(within(section).getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/waitlist.csv');

    await user.click(within(section).getByRole('button', { name: 'GPU cluster early access' }));
    expect(await within(section).findByText('1 entry')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/waitlist.csv?interest=gpu-cluster',
    );
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/admin/waitlist?interest=gpu-cluster&page=1');
  });

  it('says so when nobody waits, and shows a failure in words', async () => {
    mockFetch((url) => {
      if (url === '/api/admin/subscriptions') return json(500, { message: 'Something went wrong on our side. Please try again.' });
      if (url.startsWith('/api/admin/waitlist?')) return json(200, page([]));
      return json(404, {});
    });
    renderSection();
    expect(await screen.findByText('Nobody is on the waitlist yet.')).toBeInTheDocument();
    const failed = await screen.findByText('Something went wrong on our side. Please try again.');
    expect(failed.closest('[role="alert"]')).toHaveTextContent('Failed to load subscribers');
  });
});

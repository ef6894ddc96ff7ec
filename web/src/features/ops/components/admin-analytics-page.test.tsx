import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport } from '@/api-types/AnalyticsReport';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { lastDays, nairobiToday } from '../lib/analytics-range';

quietSocketsInEachTest();

beforeEach(() => {
  // jsdom has no layout; the charts only need to be told a size exists.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function report(from: string, to: string, views: number): AnalyticsReport {
  return {
    from,
    to,
    totalViews: views,
    topPages: views ? [{ path: '/blog', views }] : [],
    topReferrers: views ? [{ host: 'www.google.com', views: 2 }] : [],
    days: [
      views
        ? { day: from, views, visitors: 5, chatsStarted: 3, chatsAnswered: 2, registrations: 1, contactRequests: 4 }
        : { day: from, views: 0, visitors: 0, chatsStarted: 0, chatsAnswered: 0, registrations: 0, contactRequests: 0 },
      { day: to, views: 0, visitors: 0, chatsStarted: 0, chatsAnswered: 0, registrations: 0, contactRequests: 0 },
    ].filter((_day, index) => index === 0 || from !== to),
    medianFirstResponseSeconds: views ? 90 : null,
    messagesPerAgent: views ? [{ agentId: sampleUser.id, name: 'Amina Otieno', messages: 5 }] : [],
    ratingsPerAgentWeek: views ? [{ agentId: sampleUser.id, name: 'Amina Otieno', week: '2026-03-02', ratings: 2, average: 4.5 }] : [],
  };
}

function serve(views = 7) {
  return mockFetch((url) => {
    if (url === '/api/user') return json(200, { ...sampleUser, isAdmin: true });
    if (url.startsWith('/api/admin/analytics?')) {
      const query = new URL(url, 'http://x').searchParams;
      return json(200, report(query.get('from')!, query.get('to')!, views));
    }
    return json(404, {});
  });
}

const reportCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/analytics?'));

describe('/admin/analytics', () => {
  it('shows the last 30 days: totals, charts, tables', async () => {
    const fetch = serve();
    renderApp('/admin/analytics');
    const expected = lastDays(30, nairobiToday());
    expect(await screen.findByText('1 min 30 s')).toBeInTheDocument();
    expect(reportCalls(fetch)).toEqual([`/api/admin/analytics?from=${expected.from}&to=${expected.to}`]);
    const views = screen.getByText('Page views', { selector: 'dt' }).parentElement!;
    expect(within(views).getByText('7')).toBeInTheDocument();
    const visitors = screen.getByText('Unique visitors', { selector: 'dt' }).parentElement!;
    expect(within(visitors).getByText('5')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Top pages' })).getByRole('cell', { name: '/blog' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Top referrers' })).getByText('www.google.com')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Messages per agent' })).getByText('Amina Otieno')).toBeInTheDocument();
    const ratings = within(screen.getByRole('table', { name: 'Chat ratings per agent and week' }));
    expect(ratings.getByText('2026-03-02')).toBeInTheDocument();
    expect(ratings.getByText('4.5')).toBeInTheDocument();
    expect(await screen.findByText('Page views and unique visitors per day')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Per day' })).toBeInTheDocument();
  });

  it('changes the range by preset and by dates, refusing a bad one in words', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp('/admin/analytics');
    await screen.findByText('1 min 30 s');
    const today = nairobiToday();
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const week = lastDays(7, today);
    await waitFor(() => expect(reportCalls(fetch)).toContain(`/api/admin/analytics?from=${week.from}&to=${week.to}`));
    expect(screen.getByLabelText('From')).toHaveValue(week.from);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The range must be at most 366 days');
    const calls = reportCalls(fetch).length;

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), today);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(reportCalls(fetch)).toContain(`/api/admin/analytics?from=${today}&to=${today}`));
    expect(reportCalls(fetch).length).toBe(calls + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when nothing was recorded', async () => {
    serve(0);
    renderApp('/admin/analytics');
    expect(await screen.findByText(/Page views are counted only for visitors who accepted cookies/)).toBeInTheDocument();
    expect(screen.getByText('No page views in this range.')).toBeInTheDocument();
    expect(screen.getByText('No answered chats')).toBeInTheDocument();
  });

  it('offers to try again when the report fails', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url === '/api/user') return json(200, { ...sampleUser, isAdmin: true });
      if (fail) return json(500, { message: 'Something went wrong on our side. Please try again.' });
      return json(200, report('2026-03-01', '2026-03-02', 3));
    });
    const user = userEvent.setup();
    renderApp('/admin/analytics');
    expect(await screen.findByText('The analytics could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Top pages' })).toBeInTheDocument();
  });
});

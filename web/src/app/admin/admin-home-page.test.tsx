import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview } from '@/api-types/AdminOverview';
import type { ContactRequest } from '@/api-types/ContactRequest';
import type { ContactRequestList } from '@/api-types/ContactRequestList';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { replySubject } from '@/features/intake/components/inbox-requests';

const admin = { ...sampleUser, isAdmin: true };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const overview: AdminOverview = {
  chatsWaiting: { count: 2, href: '/admin/chat' },
  oldestWaitingSince: minutesAgo(12),
  waitingTooLong: { count: 1, href: '/admin/chat' },
  oldestUnansweredSince: minutesAgo(7),
  firstReplyAlertMinutes: 2,
  agentsOnline: { count: 1, href: '/admin/chat' },
  newContactRequests: { count: 1, href: '/admin/requests#inbox' },
  registrationsThisWeek: { count: 4, href: '/admin/analytics' },
  deadLetters: { count: 0, href: '/admin/database' },
  subscriptionsAwaiting: { count: 3, href: '/admin/requests#subscribers' },
  privacyRequestsOverdue: { count: 1, href: '/admin/privacy-requests' },
  messageStoreFull: false,
  messageStoreUsedPercent: 12,
};

const request = (over: Partial<ContactRequest> = {}): ContactRequest => ({
  id: '0190f0a0-0000-7000-8000-0000000000a1',
  name: '<b>Amina</b>',
  email: 'amina@example.com',
  subject: 'Two racks in Nairobi',
  message: 'Line one\nLine two',
  phone: '+254 700 000 001',
  company: null,
  source: '/contact',
  status: 'new',
  assignedTo: null,
  assignedToName: null,
  handledBy: null,
  handledByName: null,
  handledAt: null,
  createdAt: minutesAgo(5),
  ...over,
});

const page = (items: ContactRequest[]): ContactRequestList => ({
  items,
  pagination: { page: 1, limit: 20, total: items.length, totalPages: items.length ? 1 : 0, hasPrevPage: false, hasNextPage: false },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin', () => {
  it('shows the overview tiles as links to where each is handled', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/overview') return json(200, overview);
      if (url.startsWith('/api/admin/messages?')) return json(200, page([]));
      return json(404, {});
    });
    renderApp('/admin');
    const tiles = await screen.findByRole('region', { name: 'Needs attention' }, { timeout: 5_000 });
    const link = async (name: RegExp) => within(tiles).findByRole('link', { name });
    expect(await link(/Chats waiting\s*2\s*Oldest waiting 12m/)).toHaveAttribute('href', '/admin/chat');
    expect(await link(/No reply after 2 min\s*1\s*Oldest unanswered waiting 7m/)).toHaveAttribute('href', '/admin/chat');
    expect(await link(/Agents online\s*1/)).toHaveAttribute('href', '/admin/chat');
    expect(await link(/New contact requests\s*1/)).toHaveAttribute('href', '/admin/requests#inbox');
    expect(await link(/Registrations this week\s*4/)).toHaveAttribute('href', '/admin/analytics');
    expect(await link(/Dead-lettered messages\s*0/)).toHaveAttribute('href', '/admin/database');
    expect(await link(/Subscriptions awaiting confirmation\s*3/)).toHaveAttribute('href', '/admin/requests#subscribers');
    expect(await link(/Overdue privacy requests\s*1/)).toHaveAttribute('href', '/admin/privacy-requests');
    // The inbox has its own page now: the overview fits one screen.
    expect(screen.queryByRole('region', { name: 'Contact and demo requests' })).toBeNull();
    expect(screen.queryByText('The message store is full')).toBeNull();
  });

  it('says so when the message store refuses writes', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/overview') return json(200, { ...overview, messageStoreFull: true, messageStoreUsedPercent: 100 });
      if (url.startsWith('/api/admin/messages?')) return json(200, page([]));
      return json(404, {});
    });
    renderApp('/admin');
    expect(await screen.findByText('The message store is full', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('shows an error when the overview cannot be loaded', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/overview') return json(500, { message: 'Something went wrong on our side. Please try again.' });
      if (url.startsWith('/api/admin/messages?')) return json(200, page([]));
      return json(404, {});
    });
    renderApp('/admin');
    expect(await screen.findByText('Failed to load the overview', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('lists new requests as text, searches, filters, marks handled and links a reply', async () => {
    const patches: unknown[] = [];
    let handled = false;
    const fetch = mockFetch((url, init) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/overview') return json(200, overview);
      if (url.startsWith('/api/admin/messages?')) {
        const status = new URLSearchParams(url.split('?')[1]).get('status');
        if (status === 'handled') return json(200, page(handled ? [request({ status: 'handled', handledByName: 'Administrator' })] : []));
        return json(200, page(handled ? [] : [request()]));
      }
      if (url === `/api/admin/messages/${request().id}` && init.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        handled = true;
        return json(200, request({ status: 'handled' }));
      }
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/requests');

    const inbox = await screen.findByRole('region', { name: 'Contact and demo requests' }, { timeout: 5_000 });
    const item = await within(inbox).findByRole('article', { name: 'Two racks in Nairobi' });
    // User text is text: the name's tags are shown, not interpreted.
    expect(item).toHaveTextContent('<b>Amina</b>');
    expect(item.querySelector('b')).toBeNull();
    expect(item).toHaveTextContent('Unassigned');
    expect(within(item).getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      'mailto:amina@example.com?subject=Re%3A%20Two%20racks%20in%20Nairobi',
    );
    expect(within(inbox).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(within(inbox).getByRole('searchbox', { name: 'Search requests' }), 'racks');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url) === '/api/admin/messages?page=1&search=racks&status=new')).toBe(true),
    );

    await user.click(within(item).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'handled' }]));
    expect(await within(inbox).findByText('No requests match these filters.')).toBeInTheDocument();

    await user.clear(within(inbox).getByRole('searchbox', { name: 'Search requests' }));
    await user.click(within(inbox).getByRole('button', { name: 'Handled' }));
    const done = await within(inbox).findByRole('article', { name: 'Two racks in Nairobi' });
    expect(done).toHaveTextContent('Handled by Administrator');
    expect(within(done).getByRole('button', { name: 'Mark as new' })).toBeInTheDocument();
  });

  it('assigns a request to me', async () => {
    const patches: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/overview') return json(200, overview);
      if (url.startsWith('/api/admin/messages?')) return json(200, page([request()]));
      if (init.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return json(200, request({ assignedTo: admin.id, assignedToName: admin.name }));
      }
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/requests');
    const item = await screen.findByRole('article', { name: 'Two racks in Nairobi' }, { timeout: 5_000 });
    await user.click(within(item).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(patches).toEqual([{ assignedToMe: true }]));
  });

  it('forwards the overview API\'s old inbox anchor to the requests page', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/admin/messages?')) return json(200, page([request()]));
      return json(404, {});
    });
    const { router } = renderApp('/admin#inbox');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/requests'));
    expect(router.state.location.hash).toBe('#inbox');
    expect(await screen.findByRole('article', { name: 'Two racks in Nairobi' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('says "Re:" once in reply subjects', () => {
    expect(replySubject('Racks')).toBe('Re: Racks');
    expect(replySubject('RE: Racks')).toBe('RE: Racks');
  });
});

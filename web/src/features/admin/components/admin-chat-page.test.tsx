import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';

quietSocketsInEachTest();

const admin = { ...sampleUser, isAdmin: true };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const summary = (over: Partial<ChatSummary>): ChatSummary => ({
  sessionId: '0190f0a0-0000-7000-8000-000000000001',
  visitorName: 'Wanjiru',
  visitorEmail: 'wanjiru@example.com',
  status: 'open',
  awaitingReply: true,
  assignedAgentId: null,
  assignedAgentName: null,
  unreadCount: 2,
  lastMessagePreview: 'Do you have GPUs?',
  lastMessageAt: minutesAgo(3),
  waitingSince: minutesAgo(3),
  createdAt: minutesAgo(10),
  pageUrl: '/edge',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ...over,
});

describe('agent console inbox', () => {
  it('lists chats newest first with badge, waiting time and assignee; filters are toggle buttons', async () => {
    const older = summary({
      sessionId: '0190f0a0-0000-7000-8000-000000000002',
      visitorName: 'Baraka',
      unreadCount: 0,
      awaitingReply: false,
      waitingSince: null,
      assignedAgentName: 'Administrator',
      lastMessageAt: minutesAgo(90),
    });
    const newer = summary({});
    const fetch = mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/agent/chats?status=all&assigned=all') return json(200, [older, newer]);
      if (url.startsWith('/api/agent/chats?')) return json(200, []);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/chat');

    // The first find waits for the lazily loaded page, which can be slow on a busy machine.
    const list = await screen.findByRole('list', { name: 'Chats' }, { timeout: 5_000 });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Wanjiru'),
      expect.stringContaining('Baraka'),
    ]);
    expect(rows[0]).toHaveTextContent('3m ago');
    expect(rows[0]).toHaveTextContent('Do you have GPUs?');
    expect(within(rows[0]!).getByTestId('unread-badge')).toHaveTextContent('2 unread');
    expect(rows[0]).toHaveTextContent('waiting 3m');
    expect(rows[0]).toHaveTextContent('Unassigned');
    expect(within(rows[1]!).queryByTestId('unread-badge')).toBeNull();
    expect(rows[1]).not.toHaveTextContent('waiting');
    expect(rows[1]).toHaveTextContent('Administrator');

    const status = screen.getByRole('group', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(status).getByRole('button', { name: 'Pending' }));
    await user.click(within(screen.getByRole('group', { name: 'Assignment' })).getByRole('button', { name: 'Mine' }));
    expect(await screen.findByText('No chats match these filters.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetch.mock.calls.some(([u]) => u === '/api/agent/chats?status=pending&assigned=me')).toBe(true);
  });

  it('shows the generic read failure text when the inbox cannot load', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      return new Response('oops', { status: 502, statusText: 'Bad Gateway' });
    });
    renderApp('/admin/chat');
    expect(
      await screen.findByText('Server error. Our team has been notified and is working on a fix.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opening a chat shows the visitor details and marks it read', async () => {
    const chat = summary({});
    const fetch = mockFetch((url, init) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, [chat]);
      if (url === `/api/agent/chats/${chat.sessionId}`) return json(200, chat);
      if (url === `/api/agent/chats/${chat.sessionId}/read` && init.method === 'POST') {
        return json(200, { ...chat, unreadCount: 0 });
      }
      if (url === `/api/chat/sessions/${chat.sessionId}/messages`) return json(200, []);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/chat');
    await user.click(await screen.findByRole('button', { name: /Wanjiru/ }, { timeout: 5_000 }));
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    expect(within(conversation).getByRole('link', { name: 'wanjiru@example.com' })).toHaveAttribute(
      'href',
      'mailto:wanjiru@example.com',
    );
    expect(conversation).toHaveTextContent('Chrome on Linux');
    expect(conversation).toHaveTextContent('/edge');
    expect(within(conversation).getByRole('button', { name: 'Assign to me' })).toBeEnabled();
    expect(within(conversation).getByRole('button', { name: 'Resolve' })).toBeEnabled();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => u === `/api/agent/chats/${chat.sessionId}/read` && i?.method === 'POST')).toBe(true),
    );
    expect(within(conversation).getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

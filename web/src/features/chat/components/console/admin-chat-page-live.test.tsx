import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { fakeSocketsInEachTest, FakeWebSocket, latestSocket } from '@/test/live-sockets';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';

fakeSocketsInEachTest();

const admin = { ...sampleUser, isAdmin: true };
const openId = '0190f0a0-0000-7000-8000-000000000001';
const otherId = '0190f0a0-0000-7000-8000-000000000002';
const inboxPath = '/api/agent/chats?status=open&assigned=all';
const messagesPath = `/api/chat/sessions/${openId}/messages`;
const detailPath = `/api/agent/chats/${openId}`;

const summary = (over: Partial<ChatSummary>): ChatSummary => ({
  sessionId: openId,
  visitorName: 'Wanjiru',
  visitorEmail: 'wanjiru@example.com',
  status: 'open',
  awaitingReply: true,
  assignedAgentId: null,
  assignedAgentName: null,
  unreadCount: 0,
  lastMessagePreview: 'Do you have GPUs?',
  lastMessageAt: new Date(Date.now() - 60_000).toISOString(),
  waitingSince: null,
  createdAt: new Date(Date.now() - 600_000).toISOString(),
  pageUrl: '/edge',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  queuePosition: null,
  rating: null,
  ratingComment: null,
  labels: [],
  language: 'en',
  teamId: null,
  teamName: null,
  state: over.status === 'resolved' ? 'resolved' : 'open',
  snoozedUntil: null,
  ...over,
});

/** Visitor message number `n` (1–255) of the open chat; ids sort by `n`. */
const message = (n: number): ChatMessage => ({
  id: `0190f0a0-0000-7000-8000-0000000002${n.toString(16).padStart(2, '0')}`,
  sessionId: openId,
  senderType: 'user',
  message: `Visitor line ${n}`,
  // After the summaries' last message (a minute ago), in order.
  createdAt: new Date(Date.now() - 50_000 + n * 100).toISOString(),
  attachment: null,
});

/** Lets real time pass, with React updates made meanwhile inside act. */
const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('agent console, live', () => {
  it("marks the open chat seen over the socket, and clears its unread count when the receipt comes back", async () => {
    let unread = 2;
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === inboxPath) return json(200, [summary({ unreadCount: unread })]);
      if (url === detailPath) return json(200, summary({ unreadCount: unread }));
      if (url === messagesPath) return json(200, [message(1), message(2)]);
      return json(404, {});
    });
    renderApp(`/admin/chat?chat=${openId}`);
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    expect(await within(conversation).findByText('Visitor line 2')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
    const socket = latestSocket();
    socket.open();
    socket.receive({ type: 'agents_joined' }, { type: 'session_joined', sessionId: openId });
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('2');
    await waitFor(() =>
      expect(socket.sent).toContainEqual({ type: 'receipt', sessionId: openId, state: 'seen', through: message(2).id }),
    );
    // Stored: the worker says so to the consoles, which reload the chat's row.
    unread = 0;
    socket.receive(
      { type: 'receipt', sessionId: openId, reader: 'agent', state: 'seen', through: message(2).id, at: new Date().toISOString() },
      { type: 'inbox_update', sessionId: openId, reason: 'read' },
    );
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
    // Seen is said once.
    await sleep(400);
    expect(socket.sent.filter((frame) => frame.type === 'receipt')).toHaveLength(1);
  });

  it('applies the open chat’s messages and the inbox updates without refetching the lists, and refetches once after a reconnect', async () => {
    const stored = [message(1)];
    let preview = 'Visitor line 1';
    const fetch = mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === inboxPath) {
        return json(200, [summary({ lastMessagePreview: preview }), summary({ sessionId: otherId, visitorName: 'Baraka' })]);
      }
      if (url === detailPath) return json(200, summary({ lastMessagePreview: preview }));
      if (url === messagesPath) return json(200, stored);
      return json(404, {});
    });
    const gets = (path: string) => fetch.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === 'GET').length;

    renderApp(`/admin/chat?chat=${openId}`);
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    const log = await within(conversation).findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Visitor line 1')).toBeInTheDocument();

    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
    const socket = latestSocket();
    socket.open();
    expect(socket.sent).toEqual(expect.arrayContaining([{ type: 'join_agents' }, expect.objectContaining({ type: 'join_session', sessionId: openId })]));
    socket.receive({ type: 'agents_joined' }, { type: 'session_joined', sessionId: openId });
    expect(await screen.findByText('Live updates on')).toBeInTheDocument();
    await waitFor(() => expect(gets(messagesPath)).toBe(2));
    await waitFor(() => expect(gets(inboxPath)).toBe(2));
    // Let the inbox throttle's interval pass, so the burst below starts afresh.
    await sleep(600);
    const inboxBefore = gets(inboxPath);
    const detailBefore = gets(detailPath);
    const teamBefore = gets('/api/agent/team');

    // 40 visitor messages in the open chat, each with its inbox_update, and updates for another chat.
    const frames = Array.from({ length: 40 }, (_, i) => message(i + 2));
    stored.push(...frames);
    preview = 'Visitor line 41';
    // All in one go, as a busy socket delivers them (and well inside the throttle's interval).
    socket.receive(
      ...frames.flatMap((frame) => [
        { type: 'new_message' as const, sessionId: openId, message: frame },
        { type: 'inbox_update' as const, sessionId: openId, reason: 'new_message' as const },
        { type: 'inbox_update' as const, sessionId: otherId, reason: 'new_message' as const },
      ]),
    );
    await waitFor(() => expect(within(log).getAllByText(/^Visitor line \d+$/)).toHaveLength(41));
    expect(within(log).getAllByText(/^Visitor line \d+$/).map((el) => el.textContent)).toEqual(stored.map((m) => m.message));
    // The open chat's row follows its messages' frames.
    const inbox = screen.getByRole('list', { name: 'Chats' });
    expect(await within(inbox).findByText('Visitor line 41', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(within(inbox).getByText('Baraka')).toBeInTheDocument();
    await sleep(1_200);
    expect(gets(messagesPath)).toBe(2);
    // The 80 updates cost no reload of the inbox, and no read of the open
    // chat's summary: its row is patched from its frames (the other chat's
    // summary is read, one round at once, one after the interval).
    expect(gets(inboxPath) - inboxBefore).toBe(0);
    expect(gets(detailPath) - detailBefore).toBe(0);
    expect(gets(`/api/agent/chats/${otherId}`)).toBe(2);
    // Nor of the team: messages change no one's open chats.
    expect(gets('/api/agent/team') - teamBefore).toBe(0);

    // The socket drops; the visitor writes meanwhile; the socket comes back and re-joins.
    stored.push(message(42));
    socket.drop();
    expect(await screen.findByText('Connection lost, reconnecting…')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(2), { timeout: 3_000 });
    const again = latestSocket();
    again.open();
    expect(again.sent).toEqual(expect.arrayContaining([{ type: 'join_agents' }, expect.objectContaining({ type: 'join_session', sessionId: openId })]));
    expect(gets(messagesPath)).toBe(2);
    again.receive({ type: 'agents_joined' }, { type: 'session_joined', sessionId: openId });
    expect(await within(log).findByText('Visitor line 42')).toBeInTheDocument();
    await sleep(700);
    expect(gets(messagesPath)).toBe(3);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { fakeSocketsInEachTest, FakeWebSocket, latestSocket, setTabHidden } from '@/test/live-sockets';
import { json, mockFetch, renderApp } from '@/test/render';

fakeSocketsInEachTest();

const sessionId = '0190f0a0-0000-7000-8000-0000000000aa';
const session: WidgetChat = {
  sessionId,
  visitorName: 'Amina',
  visitorEmail: 'amina@example.com',
  status: 'open',
  createdAt: '2026-03-03T10:00:00Z',
  queuePosition: null,
  language: 'en',
  line: { kind: 'connected', agentName: 'Wanjiru' },
};
const messagesPath = `/api/chat/sessions/${sessionId}/messages`;
const sessionPath = `/api/chat/sessions/${sessionId}`;

/** Message number `n` (1–255); ids sort by `n`. */
const message = (n: number, senderType: ChatMessage['senderType'] = 'agent'): ChatMessage => ({
  id: `0190f0a0-0000-7000-8000-0000000001${n.toString(16).padStart(2, '0')}`,
  sessionId,
  senderType,
  message: `Message number ${n}`,
  createdAt: new Date(2026, 2, 3, 14, 7, n).toISOString(),
  attachment: null,
});

/** A stored chat whose server holds `stored` (changed by the test as it goes). */
function storedChat(stored: ChatMessage[]) {
  localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
  const fetch = mockFetch((url) => {
    if (url === '/api/user') return json(401, {});
    if (url === sessionPath) return json(200, session);
    if (url === messagesPath) return json(200, stored);
    return json(404, {});
  });
  const gets = (path: string) => fetch.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === 'GET').length;
  return { gets };
}

async function openLiveWidget() {
  const { client } = renderApp('/');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open chat' }));
  const dialog = await screen.findByRole('dialog', { name: 'Chat with Nyota Cloud' }, { timeout: 5_000 });
  const log = await within(dialog).findByRole('log', { name: 'Messages' });
  await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
  const socket = latestSocket();
  socket.open();
  expect(socket.sent).toContainEqual(expect.objectContaining({ type: 'join_session', sessionId }));
  socket.receive({ type: 'session_joined', sessionId });
  return { dialog, log, socket, client };
}

const shown = (log: HTMLElement) => within(log).queryAllByText(/^Message number \d+$/).map((el) => el.textContent);

describe('chat widget, live', () => {
  it("says it has seen the agent's newest message, and shows where the visitor's own messages are", async () => {
    const mine = message(1, 'user');
    const stored = [mine, message(2)];
    storedChat(stored);
    const { log, socket } = await openLiveWidget();
    expect(await within(log).findByText('Message number 2')).toBeInTheDocument();
    // The panel is open and the tab visible: one "seen" for the agent's newest message.
    await waitFor(() =>
      expect(socket.sent).toContainEqual({ type: 'receipt', sessionId, state: 'seen', through: message(2).id }),
    );
    const status = () => log.querySelector(`[data-message-id="${mine.id}"] [data-status]`);
    expect(status()).toHaveAttribute('data-status', 'sent');
    expect(within(log).getByText('Sent')).toBeInTheDocument();

    socket.receive({ type: 'receipt', sessionId, reader: 'agent', state: 'delivered', through: mine.id, at: '2026-03-03T14:08:00Z' });
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'delivered'));
    socket.receive({ type: 'receipt', sessionId, reader: 'agent', state: 'seen', through: mine.id, at: '2026-03-03T14:09:00Z' });
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'seen'));
    expect(within(log).getByText('Seen')).toBeInTheDocument();
    expect(status()).toHaveAccessibleName(/^Seen \d{1,2}:09/);
    // An older receipt moves nothing back; the visitor's own echo changes nothing of theirs.
    socket.receive({ type: 'receipt', sessionId, reader: 'agent', state: 'delivered', through: mine.id, at: '2026-03-03T14:10:00Z' });
    socket.receive({ type: 'receipt', sessionId, reader: 'user', state: 'seen', through: message(2).id, at: '2026-03-03T14:10:00Z' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(status()).toHaveAttribute('data-status', 'seen');
    const seenFrames = socket.sent.filter((frame) => frame.type === 'receipt');
    expect(seenFrames).toHaveLength(1);
  });

  it('shows new_message frames without refetching; a reconnect gets what it missed, and refetches only a gap too old', async () => {
    const stored = [message(1)];
    const { gets } = storedChat(stored);
    const { log, socket } = await openLiveWidget();
    expect(await within(log).findByText('Message number 1')).toBeInTheDocument();
    // Let the refetch that answers the join land before counting.
    await waitFor(() => expect(gets(messagesPath)).toBe(2));
    const sessionReads = gets(sessionPath);

    const frames = Array.from({ length: 30 }, (_, i) => message(i + 2, i % 2 ? 'agent' : 'user'));
    stored.push(...frames);
    for (const frame of frames) socket.receive({ type: 'new_message', sessionId, message: frame });
    // The same message twice (a redelivery) and one that arrives out of order show once, in place.
    socket.receive({ type: 'new_message', sessionId, message: frames[3]! });
    const late = message(40);
    const later = message(41);
    socket.receive({ type: 'new_message', sessionId, message: later }, { type: 'new_message', sessionId, message: late });
    await waitFor(() => expect(shown(log)).toHaveLength(33));
    expect(shown(log)).toEqual([...stored, late, later].map((m) => m.message));
    // Another chat's frame is not this chat's message.
    socket.receive({ type: 'new_message', sessionId: '0190f0a0-0000-7000-8000-0000000000bb', message: { ...message(50), sessionId: '0190f0a0-0000-7000-8000-0000000000bb' } });
    expect(within(log).queryByText('Message number 50')).toBeNull();
    expect(gets(messagesPath)).toBe(2);
    expect(gets(sessionPath)).toBe(sessionReads);

    // The server drops the socket; while it is down the agent writes.
    stored.push(late, later, message(42));
    socket.drop();
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(2), { timeout: 3_000 });
    const again = latestSocket();
    again.open();
    // The rejoin names the newest message held; the answer has what came after: no refetch.
    expect(again.sent).toContainEqual({ type: 'join_session', sessionId, after: later.id });
    again.receive({
      type: 'session_joined',
      sessionId,
      resume: {
        kind: 'replayed',
        missed: [message(42)],
        receipts: [{ reader: 'agent', state: 'seen', through: later.id, at: '2026-03-03T14:09:00Z' }],
      },
    });
    expect(await within(log).findByText('Message number 42')).toBeInTheDocument();
    expect(shown(log)).toEqual(stored.map((m) => m.message));
    // The receipts came with it: the visitor's messages are marked seen.
    await waitFor(() => expect(log.querySelectorAll('[data-status="seen"]')).toHaveLength(15));
    expect(gets(messagesPath)).toBe(2);
    // Something was missed: the chat itself (its status line) is read again.
    await waitFor(() => expect(gets(sessionPath)).toBe(sessionReads + 1));

    // A gap too old to replay: the list is refetched, once.
    stored.push(message(43));
    again.drop();
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(3), { timeout: 3_000 });
    const third = latestSocket();
    third.open();
    expect(third.sent).toContainEqual({ type: 'join_session', sessionId, after: message(42).id });
    third.receive({ type: 'session_joined', sessionId, resume: { kind: 'too_old', reason: 'More than 100 messages were missed' } });
    expect(await within(log).findByText('Message number 43')).toBeInTheDocument();
    expect(gets(messagesPath)).toBe(3);
  });

  it('a system message refetches the chat (its status may change) but not the messages', async () => {
    const { gets } = storedChat([message(1)]);
    const { log, socket } = await openLiveWidget();
    await waitFor(() => expect(gets(messagesPath)).toBe(2));
    await waitFor(() => expect(gets(sessionPath)).toBe(2));
    socket.receive({ type: 'new_message', sessionId, message: { ...message(2, 'system'), message: 'This chat has been marked as resolved.' } });
    expect(await within(log).findByText('This chat has been marked as resolved.')).toBeInTheDocument();
    await waitFor(() => expect(gets(sessionPath)).toBe(3));
    expect(gets(messagesPath)).toBe(2);
  });

  it('back in the tab with the socket down: refetches at once and reconnects', async () => {
    const stored = [message(1)];
    const { gets } = storedChat(stored);
    const { log, socket } = await openLiveWidget();
    await waitFor(() => expect(gets(messagesPath)).toBe(2));

    // Hidden and back with the socket up: nothing was missed.
    setTabHidden(true);
    setTabHidden(false);
    expect(gets(messagesPath)).toBe(2);

    setTabHidden(true);
    socket.drop();
    stored.push(message(2));
    setTabHidden(false);
    expect(await within(log).findByText('Message number 2')).toBeInTheDocument();
    expect(gets(messagesPath)).toBe(3);
    // The reconnect does not wait for the backoff timer.
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('a message sent while the socket is up goes on it as a frame, shows as the box clears, once, and the history is not refetched', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    const stored = [message(1)];
    const fetch = mockFetch(async (url) => {
      if (url === '/api/user') return json(401, {});
      if (url === sessionPath) return json(200, session);
      if (url === messagesPath) return json(200, stored);
      return json(404, {});
    });
    const gets = () => fetch.mock.calls.filter(([u, i]) => u === messagesPath && (i?.method ?? 'GET') === 'GET').length;
    const posts = () => fetch.mock.calls.filter(([u, i]) => u === messagesPath && i?.method === 'POST').length;
    const { dialog, log, socket } = await openLiveWidget();
    await waitFor(() => expect(gets()).toBe(2));

    const box = within(dialog).getByLabelText('Message');
    const user = userEvent.setup();
    await user.type(box, 'Need a server{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const frame = await waitFor(() => {
      const sent = socket.sent.find((f) => (f as { type: string }).type === 'send_message') as { clientMessageId: string } | undefined;
      expect(sent).toMatchObject({ type: 'send_message', sessionId, message: 'Need a server' });
      return sent!;
    });
    expect(within(log).getByText('Need a server')).toBeInTheDocument();
    expect(within(log).getByText('Sending…')).toBeInTheDocument();
    // No "stopped typing" frame: the message itself ends the indicator on the other side.
    expect(socket.sent).not.toContainEqual(expect.objectContaining({ type: 'typing', isTyping: false }));
    // Its own frame is the answer: stored, shown once.
    const mine = { ...message(2, 'user'), message: 'Need a server', clientMessageId: frame.clientMessageId };
    socket.receive({ type: 'new_message', sessionId, message: mine });
    await waitFor(() => expect(log.querySelector(`[data-message-id="${mine.id}"] [data-status]`)).toHaveAttribute('data-status', 'sent'));
    expect(within(log).queryByText('Sending…')).toBeNull();
    expect(shown(log)).toEqual(['Message number 1']);
    expect(within(log).getAllByText('Need a server')).toHaveLength(1);
    expect(posts()).toBe(0);
    // Whatever else came meanwhile came as frames: no refetch of the history (its bytes would outweigh the message's).
    expect(gets()).toBe(2);
  });

  it('a message sent while the socket is down refetches the history once stored, as nothing came as frames', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    const mine = { ...message(2, 'user'), message: 'Still there?' };
    const stored = [message(1)];
    const fetch = mockFetch(async (url, init) => {
      if (url === '/api/user') return json(401, {});
      if (url === sessionPath) return json(200, session);
      if (url === messagesPath && init.method === 'POST') {
        stored.push(mine);
        return json(201, mine);
      }
      if (url === messagesPath) return json(200, stored);
      return json(404, {});
    });
    const gets = () => fetch.mock.calls.filter(([u, i]) => u === messagesPath && (i?.method ?? 'GET') === 'GET').length;
    const { dialog, log, socket } = await openLiveWidget();
    await waitFor(() => expect(gets()).toBe(2));
    socket.drop();

    const box = within(dialog).getByLabelText('Message');
    const user = userEvent.setup();
    await user.type(box, 'Still there?{Enter}');
    await waitFor(() => expect(within(log).getAllByText('Still there?')).toHaveLength(1));
    await waitFor(() => expect(gets()).toBe(3));
  });
});

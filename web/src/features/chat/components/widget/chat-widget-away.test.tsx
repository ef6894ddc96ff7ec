// The away notice in an open chat (issue 24): outside business hours it shows
// only until an agent joins, types or answers, and goes the moment the frame
// arrives over the socket.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ChatSession } from '@/api-types/ChatSession';
import { defaultSiteSettings } from '@/lib/site-settings-defaults';
import { fakeSocketsInEachTest, FakeWebSocket, latestSocket } from '@/test/live-sockets';
import { json, mockFetch, renderApp } from '@/test/render';

fakeSocketsInEachTest();

const sessionId = '0190f0a0-0000-7000-8000-0000000000cc';
const session: ChatSession = {
  sessionId,
  visitorName: 'Amina',
  visitorEmail: 'amina@example.com',
  status: 'open',
  createdAt: '2026-03-03T10:00:00Z',
  queuePosition: null,
};

const message = (n: number, senderType: ChatMessage['senderType'], text: string): ChatMessage => ({
  id: `0190f0a0-0000-7000-8000-0000000002${n.toString(16).padStart(2, '0')}`,
  sessionId,
  senderType,
  message: text,
  createdAt: new Date(2026, 2, 3, 14, 7, n).toISOString(),
  attachment: null,
});

const away = /Our team is away right now/;
// No day open: always away. Every day, all day: never away.
const closed = { days: [], opens: '08:00', closes: '18:00' };
const open = { days: [1, 2, 3, 4, 5, 6, 7], opens: '00:00', closes: '24:00' };

/** The widget on a stored chat whose server holds `stored`, with these hours. */
async function openChat(chatHours: { days: number[]; opens: string; closes: string }, stored: ChatMessage[]) {
  document.getElementById('site-settings')!.textContent = JSON.stringify({ ...defaultSiteSettings, chatHours });
  localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
  mockFetch((url) => {
    if (url === '/api/user') return json(401, {});
    if (url === `/api/chat/sessions/${sessionId}`) return json(200, session);
    if (url === `/api/chat/sessions/${sessionId}/messages`) return json(200, stored);
    return json(404, {});
  });
  renderApp('/');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Open chat' }));
  const dialog = await screen.findByRole('dialog', { name: 'Chat with Nyota Cloud' }, { timeout: 5_000 });
  const log = await within(dialog).findByRole('log', { name: 'Messages' });
  await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
  const socket = latestSocket();
  socket.open();
  socket.receive({ type: 'session_joined', sessionId });
  return { dialog, log, socket };
}

describe('chat widget, away notice', () => {
  it('outside hours with no agent yet: shown', async () => {
    const { dialog, log } = await openChat(closed, [message(1, 'user', 'Hello?')]);
    expect(await within(log).findByText('Hello?')).toBeInTheDocument();
    expect(within(dialog).getByText(away)).toBeInTheDocument();
  });

  it('goes the moment an agent answers', async () => {
    const { dialog, log, socket } = await openChat(closed, [message(1, 'user', 'Hello?')]);
    expect(await within(dialog).findByText(away)).toBeInTheDocument();
    socket.receive({ type: 'new_message', sessionId, message: message(2, 'agent', 'Hi, how can I help?') });
    expect(await within(log).findByText('Hi, how can I help?')).toBeInTheDocument();
    expect(within(dialog).queryByText(away)).toBeNull();
  });

  it('goes the moment an agent joins', async () => {
    const { dialog, log, socket } = await openChat(closed, [message(1, 'user', 'Hello?')]);
    expect(await within(dialog).findByText(away)).toBeInTheDocument();
    socket.receive({ type: 'new_message', sessionId, message: message(2, 'system', 'Administrator joined the chat') });
    expect(await within(log).findByText('Administrator joined the chat')).toBeInTheDocument();
    expect(within(dialog).queryByText(away)).toBeNull();
  });

  it('stays gone on reopening a chat an agent already answered', async () => {
    const { dialog, log } = await openChat(closed, [message(1, 'user', 'Hello?'), message(2, 'agent', 'Hi there')]);
    expect(await within(log).findByText('Hi there')).toBeInTheDocument();
    expect(within(dialog).queryByText(away)).toBeNull();
  });

  it('another system notice does not hide it', async () => {
    const { dialog, log, socket } = await openChat(closed, [message(1, 'user', 'Hello?')]);
    expect(await within(dialog).findByText(away)).toBeInTheDocument();
    socket.receive({ type: 'new_message', sessionId, message: message(2, 'system', 'Chat transferred') });
    expect(await within(log).findByText('Chat transferred')).toBeInTheDocument();
    expect(within(dialog).getByText(away)).toBeInTheDocument();
  });

  it('goes while the agent types', async () => {
    const { dialog, socket } = await openChat(closed, [message(1, 'user', 'Hello?')]);
    expect(await within(dialog).findByText(away)).toBeInTheDocument();
    socket.receive({ type: 'typing', sessionId, senderType: 'agent', isTyping: true });
    expect(await within(dialog).findByText('Agent is typing…')).toBeInTheDocument();
    expect(within(dialog).queryByText(away)).toBeNull();
  });

  it('inside hours: never shown', async () => {
    const { dialog, log, socket } = await openChat(open, [message(1, 'user', 'Hello?')]);
    expect(await within(log).findByText('Hello?')).toBeInTheDocument();
    expect(within(dialog).queryByText(away)).toBeNull();
    socket.receive({ type: 'new_message', sessionId, message: message(2, 'agent', 'Hi') });
    expect(await within(log).findByText('Hi')).toBeInTheDocument();
    expect(within(dialog).queryByText(away)).toBeNull();
  });
});

// A reply email's "Continue the chat" link ends at /?chat=<id> (the gateway
// has let this browser in): the launcher opens the panel on that chat,
// remembers it, and takes the parameter out of the address. A link that did
// not work ends at /?chat-link=invalid: the panel opens on the start form
// and a toast says why.

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { fakeSocketsInEachTest } from '@/test/live-sockets';
import { json, mockFetch, renderApp } from '@/test/render';
import { readStoredChat } from '../../lib/chat-storage';

fakeSocketsInEachTest();

const sessionId = '0190f0a0-0000-7000-8000-0000000000dd';
const chat: WidgetChat = {
  sessionId,
  visitorName: 'Wanjiru',
  visitorEmail: 'wanjiru@example.com',
  status: 'open',
  createdAt: '2026-03-03T10:00:00Z',
  queuePosition: null,
  language: 'en',
  line: { kind: 'connected', agentName: 'Amina' },
};

describe('the chat launcher and a reply email link', () => {
  it('opens the linked chat, remembers it and cleans the address', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId: null, visitorName: 'Wanjiru', visitorEmail: 'wanjiru@example.com' }));
    mockFetch((url) => {
      if (url === '/api/user') return json(401, {});
      if (url === '/api/email-status') return json(200, { emailEnabled: true });
      if (url === `/api/chat/sessions/${sessionId}`) return json(200, chat);
      if (url === `/api/chat/sessions/${sessionId}/messages`) {
        return json(200, [
          { id: '0190f0a0-0000-7000-8000-0000000003a1', sessionId, senderType: 'agent', senderName: 'Amina', message: 'Your quote is ready.', createdAt: '2026-03-03T10:05:00Z', attachment: null },
        ]);
      }
      return json(404, {});
    });
    const { router } = renderApp(`/?chat=${sessionId}`);
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Nyota Cloud' }, { timeout: 5_000 });
    expect(await within(dialog).findByText('Your quote is ready.')).toBeInTheDocument();
    expect(readStoredChat()).toEqual({ sessionId, visitorName: 'Wanjiru', visitorEmail: 'wanjiru@example.com' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when the link did not work and offers a new chat', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(401, {});
      if (url === '/api/email-status') return json(200, { emailEnabled: true });
      return json(404, {});
    });
    const { router } = renderApp('/?chat-link=invalid');
    expect(await screen.findByText('This link to your chat no longer works', { exact: true }, { timeout: 5_000 })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Nyota Cloud' }, { timeout: 5_000 });
    expect(within(dialog).getByLabelText('Name')).toBeInTheDocument();
    expect(readStoredChat()?.sessionId ?? null).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { toast } from '@/lib/toast-store';
import { json, mockFetch, renderApp, type Handler } from '@/test/render';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { validateStartForm } from './chat-start-form';

quietSocketsInEachTest();

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
const agentMessage: ChatMessage = {
  id: '0190f0a0-0000-7000-8000-0000000000b1',
  sessionId,
  senderType: 'agent',
  message: 'Hello Amina, how can we help?',
  createdAt: new Date(2026, 2, 3, 14, 7).toISOString(),
  attachment: null,
};

/** Signed out; chat calls go to `chat`. */
function backend(chat: Handler) {
  return mockFetch((url, init) =>
    url === '/api/user' ? json(401, {}) : url === '/api/email-status' ? json(200, { emailEnabled: true }) : chat(url, init),
  );
}

const chatCalls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === method);

// The toast viewport loads with the first toast (DeferredToaster), so it is awaited.
const notifications = () => screen.findByRole('region', { name: /Notifications/ });

async function openWidget() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open chat' }));
  // The panel is a lazily loaded module: allow for a slow first import on a busy machine.
  const dialog = await screen.findByRole('dialog', { name: 'Chat with Nyota Cloud' }, { timeout: 5_000 });
  return { user, dialog };
}

describe('validateStartForm', () => {
  it('refuses blank and whitespace-only values and malformed emails', () => {
    expect(validateStartForm('', '')).toEqual({ name: 'Name is required', email: 'Email is required' });
    expect(validateStartForm('   ', ' \t ')).toEqual({ name: 'Name is required', email: 'Email is required' });
    expect(validateStartForm('Amina', 'amina')).toEqual({ email: 'Please enter a valid email address' });
    expect(validateStartForm(' Amina ', ' amina@example.com ')).toEqual({});
    // The site's one email rule, the server's (src/lib/email.ts).
    for (const email of ['a@b', 'x?y@c.co', 'x&y@c.co', 'a@b.c', 'a..b@c.co']) {
      expect(validateStartForm('Amina', email)).toEqual({ email: 'Please enter a valid email address' });
    }
    expect(validateStartForm('Ann', "ann.o'brien+chat@mail.example.co.ke")).toEqual({});
  });
});

describe('chat widget', () => {
  it('is a launcher until opened; the panel is a labelled dialog with an email field', async () => {
    backend(() => json(404, {}));
    renderApp('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    const { dialog } = await openWidget();
    expect(within(dialog).getByRole('heading', { name: 'Chat with Nyota Cloud' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    // Focus moves into the panel.
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
  });

  it('does not submit whitespace-only values', async () => {
    const fetch = backend(() => json(500, {}));
    renderApp('/');
    const { user, dialog } = await openWidget();
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.type(within(dialog).getByLabelText('Email'), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Start Chat' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(chatCalls(fetch, 'POST', '/api/chat/sessions')).toHaveLength(0);
  });

  it('starts a chat: trimmed values and the page, the Chat Started toast, remembered for next time', async () => {
    const fetch = backend((url, init) => {
      if (url === '/api/chat/sessions' && init.method === 'POST') return json(201, session);
      if (url === `/api/chat/sessions/${sessionId}/messages`) return json(200, [agentMessage]);
      return json(404, {});
    });
    renderApp('/');
    const { user, dialog } = await openWidget();
    await user.type(within(dialog).getByLabelText('Name'), '  Amina ');
    await user.type(within(dialog).getByLabelText('Email'), 'amina@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Start Chat' }));

    expect(await within(await notifications()).findByText('Chat Started')).toBeInTheDocument();
    expect(within(await notifications()).getByText("You're now connected to our support team.")).toBeInTheDocument();
    const [, init] = chatCalls(fetch, 'POST', '/api/chat/sessions')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      visitorName: 'Amina',
      visitorEmail: 'amina@example.com',
      pageUrl: '/',
      language: 'en',
    });
    expect(JSON.parse(localStorage.getItem('chat-session')!)).toEqual({
      sessionId,
      visitorName: 'Amina',
      visitorEmail: 'amina@example.com',
    });

    // The conversation replaces the form: agent message with its en-US time.
    const log = await within(dialog).findByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(log).getByText('Hello Amina, how can we help?')).toBeInTheDocument();
    expect(within(log).getByText(/^2:07\sPM$/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
  });

  it('shows the start-failure toast titled Error', async () => {
    backend(() => json(500, { message: 'boom' }));
    renderApp('/');
    const { user, dialog } = await openWidget();
    await user.type(within(dialog).getByLabelText('Name'), 'Amina');
    await user.type(within(dialog).getByLabelText('Email'), 'amina@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Start Chat' }));
    expect(await within(await notifications()).findByText('Failed to start chat session. Please try again.')).toBeInTheDocument();
    expect(within(await notifications()).getByText('Error')).toBeInTheDocument();
    expect(localStorage.getItem('chat-session')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Start Chat' })).toBeEnabled();
  });

  it('asks a resolved chat to be rated, opens the comment once stars are chosen, sends once and thanks the visitor', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    const posted: unknown[] = [];
    backend((url, init) => {
      if (url === `/api/chat/sessions/${sessionId}`) return json(200, { ...session, status: 'resolved' });
      if (url === `/api/chat/sessions/${sessionId}/messages`) return json(200, [agentMessage]);
      if (url === `/api/chat/sessions/${sessionId}/rating` && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(201, { score: 4, comment: 'Helpful' });
      }
      if (url === `/api/chat/sessions/${sessionId}/rating`) return json(200, null);
      return json(404, {});
    });
    renderApp('/');
    const { user, dialog } = await openWidget();
    const form = await within(dialog).findByRole('form', { name: 'Rate this chat' });
    // One row until stars are chosen: the comment opens then.
    expect(within(form).getAllByRole('radio')).toHaveLength(5);
    expect(within(form).queryByLabelText('Comment (optional)')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a rating from 1 to 5.');
    await user.click(within(form).getByRole('radio', { name: '4 – Good' }));
    await user.type(within(form).getByLabelText('Comment (optional)'), 'Helpful');
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));
    expect(await within(dialog).findByText('Thank you for your feedback! You rated this chat 4 out of 5.')).toBeInTheDocument();
    expect(posted).toEqual([{ score: 4, comment: 'Helpful' }]);
  });

  it('emails the transcript on request once the emailed code is entered, and says where it goes', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    const bodies: unknown[] = [];
    backend((url, init) => {
      if (url === `/api/chat/sessions/${sessionId}`) return json(200, session);
      if (url === `/api/chat/sessions/${sessionId}/messages`) return json(200, [agentMessage]);
      if (url === `/api/chat/sessions/${sessionId}/transcript` && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { code?: string };
        bodies.push(body);
        if (!body.code) {
          return json(202, {
            message: 'To keep your address safe, we have emailed a 6-digit code to amina@example.com. Enter it here to receive the transcript.',
            codeRequired: true,
          });
        }
        if (body.code !== '042917') {
          return json(400, { error: 'Bad Request', message: 'That code is not right. Please check the email and try again.' });
        }
        return json(202, { message: 'We are emailing the transcript to amina@example.com.', codeRequired: false });
      }
      return json(404, {});
    });
    renderApp('/');
    const { user, dialog } = await openWidget();
    await user.click(await within(dialog).findByRole('button', { name: 'Email me the transcript' }));
    expect(await within(dialog).findByText(/we have emailed a 6-digit code to amina@example.com/)).toBeInTheDocument();
    const codeBox = within(dialog).getByLabelText('Code from the email');
    expect(codeBox).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(codeBox, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Send transcript' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right. Please check the email and try again.');
    await user.clear(within(dialog).getByLabelText('Code from the email'));
    await user.type(within(dialog).getByLabelText('Code from the email'), '042917');
    await user.click(within(dialog).getByRole('button', { name: 'Send transcript' }));
    expect(await within(dialog).findByText('We are emailing the transcript to amina@example.com.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Code from the email')).not.toBeInTheDocument();
    expect(bodies).toEqual([{}, { code: '111111' }, { code: '042917' }]);
  });

  it('says where a queued chat stands', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    backend((url) => {
      if (url === `/api/chat/sessions/${sessionId}`) {
        return json(200, { ...session, queuePosition: 3, line: { kind: 'queued', position: 3, waitMinutes: null } });
      }
      if (url === `/api/chat/sessions/${sessionId}/messages`) return json(200, []);
      return json(404, {});
    });
    renderApp('/');
    const { dialog } = await openWidget();
    expect(await within(dialog).findByText('You are number 3 in the queue. An agent will join as soon as one is free.')).toBeInTheDocument();
  });

  it('restores a stored chat; send is disabled when blank; a failed send stays as Sending… and goes on its own', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    let failSend = true;
    const stored: unknown[] = [];
    const fetch = backend((url, init) => {
      if (url === `/api/chat/sessions/${sessionId}`) return json(200, session);
      if (url === `/api/chat/sessions/${sessionId}/messages` && init.method === 'POST') {
        if (failSend) return json(500, {});
        stored.push({ ...agentMessage, id: `${agentMessage.id.slice(0, -2)}c3`, senderType: 'user', message: 'Need a server' });
        return json(201, stored[0]);
      }
      if (url === `/api/chat/sessions/${sessionId}/messages`) return json(200, [agentMessage, ...stored]);
      return json(404, {});
    });
    renderApp('/');
    // With a stored chat the panel's code loads at once and fetches the chat before opening.
    await waitFor(() => expect(chatCalls(fetch, 'GET', `/api/chat/sessions/${sessionId}`)).toHaveLength(1));
    const { user, dialog } = await openWidget();
    expect(await within(dialog).findByText('Hello Amina, how can we help?')).toBeInTheDocument();

    const box = within(dialog).getByLabelText('Message');
    const send = within(dialog).getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    // Shift+Enter adds a line; what is typed is kept in this browser until sent.
    await user.type(box, 'Need a server{Shift>}{Enter}{/Shift}');
    expect(box).toHaveValue('Need a server\n');
    expect(localStorage.getItem(`chat-draft:${sessionId}`)).toBe('Need a server\n');
    expect(send).toBeEnabled();
    await user.keyboard('{Enter}');

    // The box clears at once; the message waits in the log, with no toast and no retry button.
    expect(box).toHaveValue('');
    expect(localStorage.getItem(`chat-draft:${sessionId}`)).toBeNull();
    expect(await within(dialog).findByText('Sending…')).toBeInTheDocument();
    await waitFor(() => expect(chatCalls(fetch, 'POST', `/api/chat/sessions/${sessionId}/messages`).length).toBeGreaterThan(0));
    expect(within(dialog).queryByRole('button', { name: /retry|try again/i })).toBeNull();
    expect(document.querySelector('[data-sonner-toast], [role="status"][data-toast]')).toBeNull();
    expect(JSON.parse(localStorage.getItem('chat-outbox')!)).toEqual([
      expect.objectContaining({ sessionId, message: 'Need a server', problem: null }),
    ]);

    // Back online: it goes on its own, once stored it leaves the outbox and shows as sent.
    failSend = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(dialog).queryByText('Sending…')).toBeNull());
    expect(within(dialog).getByText('Need a server').closest('[data-message-id]')).not.toBeNull();
    expect(JSON.parse(localStorage.getItem('chat-outbox')!)).toEqual([]);
    const posts = chatCalls(fetch, 'POST', `/api/chat/sessions/${sessionId}/messages`);
    const bodies = posts.map((post) => JSON.parse(String(post[1]!.body)) as { message: string; clientMessageId?: string });
    // The first try is plain; the retries say they may be resends.
    expect(bodies[0]).toEqual({ message: 'Need a server', clientMessageId: expect.any(String) });
    expect(bodies[bodies.length - 1]).toEqual({ message: 'Need a server', clientMessageId: expect.any(String), resend: true });
    // Every attempt names the same message, so it is stored once.
    expect(new Set(bodies.map((body) => body.clientMessageId)).size).toBe(1);
  });

  it('isolates what people wrote: a message with U+202E cannot reorder the sender, time or typing line', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    const spoof = 'Hi \u202Eexe.gnp\u2066 and more';
    backend((url) => {
      if (url === `/api/chat/sessions/${sessionId}`) return json(200, session);
      if (url === `/api/chat/sessions/${sessionId}/messages`) {
        return json(200, [
          { ...agentMessage, message: spoof },
          { ...agentMessage, id: `${agentMessage.id.slice(0, -2)}b2`, senderType: 'system', message: '\u202EAdmin joined the chat' },
        ]);
      }
      return json(404, {});
    });
    renderApp('/');
    const { dialog } = await openWidget();
    const log = await within(dialog).findByRole('log', { name: 'Messages' });
    const bubble = within(log).getByText(spoof);
    expect(bubble.tagName).toBe('BDI');
    // The time and the sender's name are outside that isolate, each in their own place.
    const item = bubble.closest('li')!;
    expect(bubble.contains(item.querySelector('time'))).toBe(false);
    expect(within(item).getByText('Support').tagName).toBe('BDI');
    const notice = within(log).getByText('\u202EAdmin joined the chat');
    expect(notice.tagName).toBe('BDI');
    expect(notice.closest('li')!.querySelector('.whitespace-nowrap')!.closest('bdi')).toBeNull();
  });

  it('a refused start (400) shows the server words, no generic toast, and keeps the name and email', async () => {
    const fetch = backend((url, init) =>
      url === '/api/chat/sessions' && init.method === 'POST'
        ? json(400, { message: 'Name must contain visible characters' }, 'Bad Request')
        : json(404, {}),
    );
    renderApp('/');
    const { user, dialog } = await openWidget();
    await user.type(within(dialog).getByLabelText('Name'), 'A\u200B');
    await user.type(within(dialog).getByLabelText('Email'), 'amina@example.com');
    // One toast at a time: a failure toast would replace this one.
    act(() => toast({ title: 'Earlier notice' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start Chat' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Name must contain visible characters');
    expect(await within(await notifications()).findByText('Earlier notice')).toBeInTheDocument();
    expect(chatCalls(fetch, 'POST', '/api/chat/sessions')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('A\u200B');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('amina@example.com');
    expect(within(dialog).getByRole('button', { name: 'Start Chat' })).toBeEnabled();
    expect(localStorage.getItem('chat-session')).toBeNull();
  });

  it('a refused message (400) shows the server words under it, once, to edit or discard', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    const fetch = backend((url, init) => {
      if (url === `/api/chat/sessions/${sessionId}`) return json(200, session);
      if (url === `/api/chat/sessions/${sessionId}/messages` && init.method === 'POST') {
        return json(400, { message: 'Message contains characters that are not allowed' }, 'Bad Request');
      }
      if (url === `/api/chat/sessions/${sessionId}/messages`) return json(200, []);
      return json(404, {});
    });
    renderApp('/');
    const { user, dialog } = await openWidget();
    const box = await within(dialog).findByLabelText('Message');
    await user.type(box, 'Hello\u0007there');
    act(() => toast({ title: 'Earlier notice' }));
    await user.keyboard('{Enter}');
    const problem = await within(dialog).findByRole('alert');
    expect(problem).toHaveTextContent('Not sent: Message contains characters that are not allowed');
    expect(await within(await notifications()).findByText('Earlier notice')).toBeInTheDocument();
    // Refused for good: not sent again.
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chatCalls(fetch, 'POST', `/api/chat/sessions/${sessionId}/messages`)).toHaveLength(1);
    // Edit takes it back into the box; the refusal goes.
    await user.type(box, 'and more');
    await user.click(within(problem).getByRole('button', { name: 'Edit' }));
    expect(box).toHaveValue('Hello\u0007there\nand more');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Discard drops another one.
    await user.clear(box);
    await user.type(box, 'Bye\u0007{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: 'Discard' }));
    expect(within(dialog).queryByText(/Bye/)).toBeNull();
    expect(JSON.parse(localStorage.getItem('chat-outbox')!)).toEqual([]);
  });

  it('forgets a stored chat the server does not know (404) and prefills the form', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    backend(() => json(404, { message: 'Not found' }));
    renderApp('/');
    const { dialog } = await openWidget();
    expect(await within(dialog).findByLabelText('Name')).toHaveValue('Amina');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('amina@example.com');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('chat-session')!).sessionId).toBeNull());
  });

  it('offers a new chat once resolved', async () => {
    localStorage.setItem('chat-session', JSON.stringify({ sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com' }));
    backend((url) => {
      if (url === `/api/chat/sessions/${sessionId}`) return json(200, { ...session, status: 'resolved' });
      if (url === `/api/chat/sessions/${sessionId}/messages`) {
        return json(200, [{ ...agentMessage, senderType: 'system', message: 'This chat has been marked as resolved.' }]);
      }
      return json(404, {});
    });
    renderApp('/');
    const { user, dialog } = await openWidget();
    expect(await within(dialog).findByText('This chat has been marked as resolved.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Message')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Start a new chat' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Amina');
    expect(JSON.parse(localStorage.getItem('chat-session')!).sessionId).toBeNull();
  });

  it('Escape and the close button close the panel and return focus to the launcher', async () => {
    backend(() => json(404, {}));
    renderApp('/');
    const { user } = await openWidget();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ChatEmailState } from '@/api-types/ChatEmailState';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { toast } from '@/lib/toast-store';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { supportDialogs } from '@/test/dialog-test-support';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';

quietSocketsInEachTest();

supportDialogs();

const admin = { ...sampleUser, isAdmin: true };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
/** The visitor left; replies are emailed; nothing waits. */
const emailState: ChatEmailState = {
  address: 'amina@example.com',
  onPage: false,
  emailsOn: true,
  stopped: false,
  bouncedAt: null,
  bounce: null,
  unseenReplies: 0,
  nextEmailAt: null,
  held: [],
};

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

describe('agent console inbox', () => {
  it('lists open chats newest first with badge, one waiting badge and assignee; filters are toggle buttons', async () => {
    const older = summary({
      sessionId: '0190f0a0-0000-7000-8000-000000000002',
      visitorName: 'Baraka',
      unreadCount: 0,
      awaitingReply: false,
      waitingSince: null,
      assignedAgentName: 'Administrator',
      firstReplyAt: minutesAgo(95),
      lastMessageAt: minutesAgo(90),
    });
    const newer = summary({});
    const fetch = mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/agent/chats?status=open&assigned=all') return json(200, [older, newer]);
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
    // Started 10 min ago with no reply: one badge, past the first-reply alarm (not a second "waiting 3m").
    expect(within(rows[0]!).getAllByTestId('waiting-badge').map((badge) => badge.textContent)).toEqual(['Waiting 10 min without a reply']);
    expect(rows[0]).toHaveTextContent('Unassigned');
    expect(within(rows[1]!).queryByTestId('unread-badge')).toBeNull();
    expect(within(rows[1]!).queryByTestId('waiting-badge')).toBeNull();
    expect(rows[1]).toHaveTextContent('Administrator');

    const status = screen.getByRole('group', { name: 'Status' });
    // Open is the default view: resolved chats are under Resolved and All.
    expect(within(status).getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
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

  it('opening a chat shows the visitor details', async () => {
    const chat = summary({});
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, [chat]);
      if (url === `/api/agent/chats/${chat.sessionId}`) return json(200, chat);
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
    expect(within(conversation).getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('isolates visitor and agent text (U+202E) in the inbox row and the conversation', async () => {
    const rlo = '\u202E';
    const chat = summary({
      visitorName: `Eve${rlo}nimda`,
      visitorEmail: 'eve@example.com',
      lastMessagePreview: `${rlo}gpj.exe`,
      assignedAgentName: `Agent${rlo}X`,
      pageUrl: `/edge${rlo}x`,
    });
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, [chat]);
      if (url === `/api/agent/chats/${chat.sessionId}`) return json(200, chat);
      if (url === `/api/chat/sessions/${chat.sessionId}/messages`) {
        return json(200, [
          { id: '0190f0a0-0000-7000-8000-0000000000c1', sessionId: chat.sessionId, senderType: 'user', message: `hi${rlo}olleh`, createdAt: minutesAgo(2) },
        ]);
      }
      if (url === '/api/agent/team') return json(200, []);
      if (url === '/api/agent/status') return json(200, { status: 'online' });
      if (url.endsWith('/notes')) return json(200, []);
      if (url.endsWith('/history')) return json(200, []);
      if (url.endsWith('/email')) return json(200, emailState);
      if (url === '/api/agent/labels') return json(200, []);
      if (url === '/api/agent/teams') return json(200, []);
      return json(200, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/chat');
    const row = await screen.findByRole('button', { name: /Eve/ }, { timeout: 5_000 });
    for (const text of [chat.visitorName, chat.lastMessagePreview!, chat.assignedAgentName!]) {
      expect(within(row).getByText(text).tagName).toBe('BDI');
    }
    // The relative time and the unread badge stay outside the isolates.
    expect(row.querySelector('time')!.closest('bdi')).toBeNull();
    expect(within(row).getByTestId('unread-badge').closest('bdi')).toBeNull();

    await user.click(row);
    const conversation = await screen.findByRole('region', { name: chat.visitorName }, { timeout: 5_000 });
    expect(within(conversation).getByRole('heading', { level: 2 }).querySelector('bdi')).toHaveTextContent(chat.visitorName);
    expect(within(conversation).getByText(chat.pageUrl!).tagName).toBe('BDI');
    // In the header's status line and in the details.
    const assignee = within(conversation).getAllByText(chat.assignedAgentName!);
    expect(assignee).toHaveLength(2);
    for (const name of assignee) expect(name.tagName).toBe('BDI');
    expect(within(conversation).getByRole('link', { name: 'eve@example.com' }).querySelector('bdi')).not.toBeNull();
    const log = await within(conversation).findByRole('log', { name: 'Messages' });
    const bubble = within(log).getByText(`hi${rlo}olleh`);
    expect(bubble.tagName).toBe('BDI');
    const item = bubble.closest('li')!;
    expect(within(item).getByText(chat.visitorName).tagName).toBe('BDI');
    expect(bubble.contains(item.querySelector('time'))).toBe(false);
  });

  it('moves through the inbox with j and k, focuses the reply with r, leaves it with Escape and lists the shortcuts on ?', async () => {
    const older = summary({
      sessionId: '0190f0a0-0000-7000-8000-000000000002',
      visitorName: 'Baraka',
      lastMessageAt: minutesAgo(90),
    });
    const newer = summary({});
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, [older, newer]);
      if (url === `/api/agent/chats/${newer.sessionId}`) return json(200, newer);
      if (url === `/api/agent/chats/${older.sessionId}`) return json(200, older);
      if (url.endsWith('/messages')) return json(200, []);
      if (url === '/api/agent/team') return json(200, []);
      if (url === '/api/agent/status') return json(200, { status: 'online' });
      if (url.endsWith('/notes')) return json(200, []);
      if (url.endsWith('/history')) return json(200, []);
      if (url.endsWith('/email')) return json(200, emailState);
      if (url === '/api/agent/labels') return json(200, []);
      if (url === '/api/agent/teams') return json(200, []);
      if (url === '/api/agent/canned-responses') return json(200, []);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/chat');
    await screen.findByRole('list', { name: 'Chats' }, { timeout: 5_000 });

    await user.keyboard('j');
    expect(await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 })).toBeInTheDocument();
    await user.keyboard('j');
    expect(await screen.findByRole('region', { name: 'Baraka' }, { timeout: 5_000 })).toBeInTheDocument();
    await user.keyboard('k');
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });

    await user.keyboard('r');
    const reply = within(conversation).getByRole('textbox', { name: 'Reply' });
    expect(reply).toHaveFocus();
    // Typed in the reply box, the keys are text, not shortcuts.
    await user.keyboard('jk');
    expect(reply).toHaveValue('jk');
    expect(screen.getByRole('region', { name: 'Wanjiru' })).toBeInTheDocument();

    // Escape leaves the box for the log, and the single keys work again.
    await user.keyboard('{Escape}');
    expect(reply).not.toHaveFocus();
    expect(conversation.querySelector('[data-chat-log]')).toHaveFocus();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Resolve the open chat (5 seconds to undo)')).toBeInTheDocument();
    expect(within(help).getByText('Undo resolving')).toBeInTheDocument();
    expect(within(help).getByText('Leave the reply or note box (then these keys work again)')).toBeInTheDocument();
    expect(within(help).getByText('Open the canned-reply picker')).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });

  it('renders only the rows in view of a 500-chat inbox, and arrow keys still walk it', async () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      summary({
        sessionId: `0190f0a0-0000-7000-8000-${String(i).padStart(12, '0')}`,
        visitorName: `Visitor ${i}`,
        lastMessageAt: minutesAgo(i + 1),
      }),
    );
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, many);
      return json(404, {});
    });
    // Rows as tall as in a browser (jsdom lays nothing out).
    const rowHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(92);
    onTestFinished(() => rowHeight.mockRestore());
    const user = userEvent.setup();
    renderApp('/admin/chat');
    const list = await screen.findByRole('list', { name: 'Chats' }, { timeout: 5_000 });
    const rendered = within(list).getAllByRole('button');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    rendered[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('Visitor 1');
  });

  it('opens a search result at its message', async () => {
    const chat = summary({});
    const found = '0190f0a0-0000-7000-8000-0000000000d2';
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, [chat]);
      if (url === `/api/agent/chats/${chat.sessionId}`) return json(200, chat);
      if (url === `/api/chat/sessions/${chat.sessionId}/messages`) {
        return json(200, [
          { id: '0190f0a0-0000-7000-8000-0000000000d1', sessionId: chat.sessionId, senderType: 'user', message: 'Hello', createdAt: minutesAgo(5) },
          { id: found, sessionId: chat.sessionId, senderType: 'user', message: 'Invoice 4411 is wrong', createdAt: minutesAgo(4) },
        ]);
      }
      return json(404, {});
    });
    renderApp(`/admin/chat?chat=${chat.sessionId}&message=${found}`);
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    const line = await within(conversation).findByText('Invoice 4411 is wrong');
    await waitFor(() => expect(line.closest('li')).toHaveAttribute('aria-current', 'true'));
  });

  it('the email link cannot carry extra headers', async () => {
    const chat = summary({ visitorEmail: 'x?bcc=spy@evil.example' });
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, [chat]);
      if (url === `/api/agent/chats/${chat.sessionId}`) return json(200, chat);
      if (url === `/api/chat/sessions/${chat.sessionId}/messages`) return json(200, []);
      if (url === '/api/agent/team') return json(200, []);
      if (url === '/api/agent/status') return json(200, { status: 'online' });
      if (url.endsWith('/notes')) return json(200, []);
      if (url.endsWith('/history')) return json(200, []);
      if (url.endsWith('/email')) return json(200, emailState);
      if (url === '/api/agent/labels') return json(200, []);
      if (url === '/api/agent/teams') return json(200, []);
      return json(200, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/chat');
    await user.click(await screen.findByRole('button', { name: /Wanjiru/ }, { timeout: 5_000 }));
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    const href = within(conversation).getByRole('link', { name: 'x?bcc=spy@evil.example' }).getAttribute('href')!;
    expect(href).toBe('mailto:x%3Fbcc%3Dspy@evil.example');
    expect(new URL(href).search).toBe('');
  });

  it('a refused reply (400) shows the server words under it, to edit back into the box', async () => {
    const chat = summary({});
    mockFetch((url, init) => {
      if (url === '/api/user') return json(200, admin);
      if (url.startsWith('/api/agent/chats?')) return json(200, [chat]);
      if (url === `/api/agent/chats/${chat.sessionId}`) return json(200, chat);
      if (url === `/api/chat/sessions/${chat.sessionId}/messages` && init.method === 'POST') {
        return json(400, { message: 'Message must contain visible characters' }, 'Bad Request');
      }
      if (url === `/api/chat/sessions/${chat.sessionId}/messages`) return json(200, []);
      if (url === '/api/agent/team') return json(200, []);
      if (url === '/api/agent/status') return json(200, { status: 'online' });
      if (url.endsWith('/notes')) return json(200, []);
      if (url.endsWith('/history')) return json(200, []);
      if (url.endsWith('/email')) return json(200, emailState);
      if (url === '/api/agent/labels') return json(200, []);
      if (url === '/api/agent/teams') return json(200, []);
      return json(200, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/chat');
    await user.click(await screen.findByRole('button', { name: /Wanjiru/ }, { timeout: 5_000 }));
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    const reply = within(conversation).getByRole('textbox', { name: 'Reply' });
    await user.type(reply, 'x\u200B');
    // One toast at a time: a failure toast would replace this one.
    act(() => toast({ title: 'Earlier notice' }));
    await user.click(within(conversation).getByRole('button', { name: 'Send' }));
    const problem = await within(conversation).findByRole('alert');
    expect(problem).toHaveTextContent('Not sent: Message must contain visible characters');
    expect(reply).toHaveValue('');
    expect(await within(await screen.findByRole('region', { name: /Notifications/ })).findByText('Earlier notice')).toBeInTheDocument();
    await user.click(within(problem).getByRole('button', { name: 'Edit' }));
    expect(reply).toHaveValue('x\u200B');
    expect(within(conversation).queryByRole('alert')).toBeNull();
  });
});

/** A chat open in the console with two messages and, between them, a note and an assignment event. */
function openChatWithNotes() {
  const chat = summary({ unreadCount: 0 });
  const posted: unknown[] = [];
  const messages = [
    { id: '0190f0a0-0000-7000-8000-0000000000c1', sessionId: chat.sessionId, senderType: 'user', message: 'First question', createdAt: minutesAgo(9) },
    { id: '0190f0a0-0000-7000-8000-0000000000c2', sessionId: chat.sessionId, senderType: 'user', message: 'Second question', createdAt: minutesAgo(5) },
  ];
  const notes = [
    { id: '0190f0a0-0000-7000-8000-0000000000b0', sessionId: chat.sessionId, kind: 'event', authorId: null, authorName: null, body: 'Assigned to Baraka', createdAt: minutesAgo(8) },
    { id: '0190f0a0-0000-7000-8000-0000000000b1', sessionId: chat.sessionId, kind: 'note', authorId: 'a1', authorName: 'Baraka', body: 'Enterprise customer', createdAt: minutesAgo(7) },
  ];
  const fetch = mockFetch((url, init) => {
    if (url === '/api/user') return json(200, admin);
    if (url.startsWith('/api/agent/chats?')) return json(200, [chat]);
    if (url === `/api/agent/chats/${chat.sessionId}`) return json(200, chat);
    if (url === `/api/chat/sessions/${chat.sessionId}/messages`) return json(200, messages);
    if (url === `/api/agent/chats/${chat.sessionId}/notes` && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { message: string };
      posted.push(body);
      return json(201, { ...notes[1], id: '0190f0a0-0000-7000-8000-0000000000b3', authorName: 'Amina', body: body.message, createdAt: new Date().toISOString() });
    }
    if (url.endsWith('/notes')) return json(200, notes);
    if (url === '/api/agent/team') return json(200, []);
    if (url === '/api/agent/status') return json(200, { status: 'online' });
    if (url.endsWith('/history')) return json(200, []);
    if (url.endsWith('/email')) return json(200, emailState);
    if (url === '/api/agent/labels') return json(200, []);
    if (url === '/api/agent/teams') return json(200, []);
    if (url === '/api/agent/canned-responses') return json(200, []);
    return json(404, {});
  });
  return { chat, posted, fetch };
}

describe('agent console layout', () => {
  it('shows notes and the assignment trail inline by time, and writes a note in Note mode', async () => {
    const { chat, posted } = openChatWithNotes();
    const user = userEvent.setup();
    renderApp(`/admin/chat?chat=${chat.sessionId}`);
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    const log = await within(conversation).findByRole('log', { name: 'Messages' });
    await within(log).findByText('Enterprise customer');
    // Merged by time: message, event, note, message.
    const entries = within(log).getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toEqual([
      expect.stringContaining('First question'),
      expect.stringContaining('Assigned to Baraka'),
      expect.stringContaining('Enterprise customer'),
      expect.stringContaining('Second question'),
    ]);
    expect(entries[2]).toContain('Private note · only agents see this');
    // Nothing sits between the log and the composer.
    const composer = within(conversation).getByRole('form', { name: 'Write a reply' });
    expect(log.parentElement!.nextElementSibling).toBe(composer);

    // A reply draft stays while a note is written.
    await user.type(within(conversation).getByRole('textbox', { name: 'Reply' }), 'Hello there');
    within(conversation).getByRole('textbox', { name: 'Reply' }).blur();
    await user.keyboard('n');
    const noteBox = within(conversation).getByRole('textbox', { name: 'Private note' });
    expect(noteBox).toHaveFocus();
    expect(noteBox).toHaveAttribute('placeholder', expect.stringContaining('only agents see it'));
    expect(within(conversation).getByRole('radio', { name: 'Note' })).toBeChecked();
    expect(within(conversation).queryByRole('textbox', { name: 'Reply' })).toBeNull();

    await user.click(within(conversation).getByRole('button', { name: 'Add note' }));
    expect(within(conversation).getByRole('alert')).toHaveTextContent('Write a note first.');
    await user.type(noteBox, '<b>check invoice</b>{Enter}');
    const added = await within(log).findByText('<b>check invoice</b>');
    expect(added.closest('li')).toHaveAttribute('data-private-note');
    expect(posted).toEqual([{ message: '<b>check invoice</b>' }]);
    expect(noteBox).toHaveValue('');

    // Arrow keys move between the modes like radio buttons; r goes back to the reply and its draft.
    await user.click(within(conversation).getByRole('radio', { name: 'Note' }));
    await user.keyboard('{ArrowLeft}');
    expect(within(conversation).getByRole('radio', { name: 'Reply' })).toBeChecked();
    expect(within(conversation).getByRole('textbox', { name: 'Reply' })).toHaveValue('Hello there');
    await user.keyboard('n');
    await user.click(document.body);
    await user.keyboard('r');
    expect(within(conversation).getByRole('textbox', { name: 'Reply' })).toHaveFocus();
  });

  it('collapses the details sidebar with a toggle and remembers the choice', async () => {
    const { chat } = openChatWithNotes();
    const user = userEvent.setup();
    const first = renderApp(`/admin/chat?chat=${chat.sessionId}`);
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    const toggle = within(conversation).getByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('complementary', { name: 'Chat details' });
    expect(toggle).toHaveAttribute('aria-controls', details.id);
    expect(within(details).getByText('Chrome on Linux')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('complementary', { name: 'Chat details' })).toBeNull();
    expect(localStorage.getItem('console-details-open')).toBe('false');

    first.unmount();
    renderApp(`/admin/chat?chat=${chat.sessionId}`);
    const again = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    expect(within(again).getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone shows the inbox, the conversation and the details as screens, driven by the address', async () => {
    // Narrower than the side-by-side layout.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    onTestFinished(() => void vi.unstubAllGlobals());
    const { chat } = openChatWithNotes();
    const user = userEvent.setup();
    const { router } = renderApp('/admin/chat');
    await user.click(await screen.findByRole('button', { name: /Wanjiru/ }, { timeout: 5_000 }));
    const conversation = await screen.findByRole('region', { name: 'Wanjiru' }, { timeout: 5_000 });
    expect(screen.queryByRole('list', { name: 'Chats' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Chat details' })).toBeNull();
    expect(router.state.location.search).toBe(`?chat=${chat.sessionId}`);

    await user.click(within(conversation).getByRole('button', { name: 'Details' }));
    const details = await screen.findByRole('region', { name: 'Wanjiru' });
    expect(within(details).getByRole('link', { name: 'wanjiru@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('pane')).toBe('details');

    await user.click(screen.getByRole('button', { name: 'Back to the conversation' }));
    expect(await screen.findByRole('log', { name: 'Messages' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('pane')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to the inbox' }));
    expect(await screen.findByRole('list', { name: 'Chats' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    // Each screen was a step in the history: the browser's Back had the same effect.
    expect(router.state.historyAction).toBe('POP');
  });
});

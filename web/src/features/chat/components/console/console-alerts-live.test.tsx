import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentProfile } from '@/api-types/AgentProfile';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { alertSoundEvent } from '@/features/chat/lib/console-alerts/use-console-alerts';
import { fakeSocketsInEachTest, FakeWebSocket, latestSocket } from '@/test/live-sockets';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';

fakeSocketsInEachTest();

const admin = { ...sampleUser, isAdmin: true };
const waitingId = '0190f0a0-0000-7000-8000-000000000011';
const newId = '0190f0a0-0000-7000-8000-000000000012';

const summary = (over: Partial<ChatSummary>): ChatSummary => ({
  sessionId: waitingId,
  visitorName: 'Wanjiru',
  visitorEmail: 'wanjiru@example.com',
  status: 'open',
  awaitingReply: true,
  assignedAgentId: null,
  assignedAgentName: null,
  unreadCount: 0,
  lastMessagePreview: null,
  lastMessageAt: new Date(Date.now() - 60_000).toISOString(),
  waitingSince: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  pageUrl: '/edge',
  userAgent: null,
  queuePosition: 1,
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

const profile: AgentProfile = {
  accountName: 'Amina Otieno',
  displayName: null,
  shownName: 'Amina Otieno',
  languages: ['en'],
  soundEnabled: true,
  soundEvents: ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'],
  notifyEvents: ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'],
};

function stubNotifications() {
  const shown: { title: string; body?: string }[] = [];
  class Recorded {
    static permission: NotificationPermission = 'granted';
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
    close() {}
  }
  vi.stubGlobal('Notification', Recorded);
  return shown;
}

function hideTab(hidden: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  vi.spyOn(document, 'hidden', 'get').mockReturnValue(hidden);
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The console with one waiting chat; a new chat arrives by socket. */
async function consoleWithNewChat(createdMinutesAgo = 1) {
  const sounds: string[] = [];
  window.addEventListener(alertSoundEvent, (event) => sounds.push(String((event as CustomEvent).detail)));
  const fresh = summary({ sessionId: newId, visitorName: 'Baraka', createdAt: new Date().toISOString(), queuePosition: 2, unreadCount: 1 });
  let arrived = false;
  mockFetch((url) => {
    if (url === '/api/user') return json(200, admin);
    if (url === '/api/agent/profile') return json(200, profile);
    if (url.startsWith('/api/agent/chats?')) {
      const waiting = summary({ createdAt: new Date(Date.now() - createdMinutesAgo * 60_000).toISOString() });
      return json(200, arrived ? [fresh, waiting] : [waiting]);
    }
    if (url === `/api/agent/chats/${newId}`) return json(200, fresh);
    return json(404, {});
  });
  renderApp('/admin/chat');
  const inbox = await screen.findByRole('list', { name: 'Chats' }, { timeout: 5_000 });
  await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
  const socket = latestSocket();
  socket.open();
  socket.receive({ type: 'agents_joined' });
  expect(await screen.findByText('Live updates on')).toBeInTheDocument();
  return {
    inbox,
    sounds,
    arrive: () => {
      arrived = true;
      socket.receive({ type: 'inbox_update', sessionId: newId, reason: 'new_session' });
    },
  };
}

const row = (inbox: HTMLElement, name: string) => within(inbox).getByText(name).closest('[data-chat-row]');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('console alerts, live', () => {
  it('highlights a new chat and sounds once while the console is in front, and counts it in the title', async () => {
    const shown = stubNotifications();
    const { inbox, sounds, arrive } = await consoleWithNewChat();
    arrive();
    await waitFor(() => expect(row(inbox, 'Baraka')).toHaveAttribute('data-alert', 'highlighted'), { timeout: 3_000 });
    await waitFor(() => expect(sounds).toEqual(['new_chat']));
    expect(shown).toEqual([]);
    // One of the two queued chats has an unread visitor message.
    await waitFor(() => expect(document.title).toMatch(/^\(1\) /));
  });

  it('shows a desktop notification instead while the console is hidden', async () => {
    const shown = stubNotifications();
    const { sounds, arrive } = await consoleWithNewChat();
    hideTab(true);
    arrive();
    await waitFor(() => expect(shown).toEqual([{ title: 'New chat in the queue', body: 'Baraka started a chat' }]), { timeout: 3_000 });
    expect(sounds).toEqual([]);
  });

  it('marks a chat past the first-reply threshold and alerts about it once', async () => {
    stubNotifications();
    const { inbox, sounds } = await consoleWithNewChat(3.5);
    const waiting = row(inbox, 'Wanjiru') as HTMLElement;
    expect(await within(waiting).findByTestId('waiting-badge')).toHaveTextContent('Waiting 3 min');
    await waitFor(() => expect(sounds).toEqual(['waiting_too_long']));
  });
});

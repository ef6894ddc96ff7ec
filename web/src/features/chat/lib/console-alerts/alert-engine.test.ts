import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '@/api-types/AlertEvent';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { browserClaims } from './alert-claims';
import {
  AlertEngine,
  type AlertOutputs,
  type AlertPreferences,
  type ConsoleAlert,
  alertFor,
  hiddenClaimDelayMs,
  titleWithCount,
  unreadChatCount,
  waitingAlerts,
  waitingTooLong,
} from './alert-engine';

const me = 'agent-me';
const now = Date.parse('2026-11-26T10:00:00Z');
const minutesAgo = (n: number) => new Date(now - n * 60_000).toISOString();

function chat(overrides: Partial<ChatSummary> = {}): ChatSummary {
  return {
    sessionId: 'chat-1',
    visitorName: 'Wanjiru',
    visitorEmail: 'wanjiru@example.com',
    status: 'open',
    awaitingReply: true,
    assignedAgentId: null,
    assignedAgentName: null,
    unreadCount: 0,
    lastMessagePreview: null,
    lastMessageAt: minutesAgo(0),
    waitingSince: minutesAgo(0),
    createdAt: minutesAgo(0),
    pageUrl: '/pricing',
    userAgent: null,
    queuePosition: 1,
    rating: null,
    ratingComment: null,
    labels: [],
    language: 'en',
    teamId: null,
    teamName: null,
    state: overrides.status === 'resolved' ? 'resolved' : 'open',
    snoozedUntil: null,
    ...overrides,
  };
}

const allEvents: AlertEvent[] = ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'];
const everything: AlertPreferences = { soundEnabled: true, soundEvents: allEvents, notifyEvents: allEvents };

/** One console tab: its own visibility and what it did. */
class Tab {
  hidden = false;
  sounds: AlertEvent[] = [];
  notifications: ConsoleAlert[] = [];
  highlighted: string[] = [];
  permission = true;
  prefs: AlertPreferences = everything;
  readonly engine: AlertEngine;

  constructor(locks: LockManager) {
    const outputs: AlertOutputs = {
      hidden: () => this.hidden,
      playSound: (event) => this.sounds.push(event),
      notify: (alert) => {
        if (!this.permission) return false;
        this.notifications.push(alert);
        return true;
      },
      highlight: (id) => this.highlighted.push(id),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    };
    this.engine = new AlertEngine(browserClaims(localStorage, locks), outputs, () => this.prefs);
  }
}

/** Web Locks shared by the tabs of one browser: one holder at a time. */
function sharedLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: (_name: string, callback: () => unknown) => {
      const run = tail.then(() => callback());
      tail = run.catch(() => undefined);
      return run;
    },
  } as unknown as LockManager;
}

function browser(tabs: number): Tab[] {
  localStorage.clear();
  const locks = sharedLocks();
  return Array.from({ length: tabs }, () => new Tab(locks));
}

describe('alertFor', () => {
  it('alerts a new chat from its start, before any message', () => {
    const alert = alertFor('new_session', undefined, chat(), me);
    expect(alert).toMatchObject({ event: 'new_chat', chatId: 'chat-1', title: 'New chat in the queue' });
    expect(alert?.body).toBe('Wanjiru started a chat');
    // Given to another agent as it started: not in the queue.
    expect(alertFor('new_session', undefined, chat({ assignedAgentId: 'someone' }), me)).toBeNull();
  });

  it('alerts a chat assigned or transferred to me, once, and not one that was mine already', () => {
    const mine = chat({ assignedAgentId: me });
    expect(alertFor('assignment', chat(), mine, me)?.event).toBe('assigned');
    expect(alertFor('assignment', chat({ assignedAgentId: 'someone' }), mine, me)?.event).toBe('assigned');
    expect(alertFor('assignment', mine, mine, me)).toBeNull();
    expect(alertFor('assignment', chat(), chat({ assignedAgentId: 'someone' }), me)).toBeNull();
    // Given to me as it starts: one alert, keyed as the assignment's.
    expect(alertFor('new_session', undefined, mine, me)?.key).toBe(alertFor('assignment', chat(), mine, me)?.key);
  });

  it("alerts a visitor message in my chats only, each message its own event", () => {
    const waiting = chat({ assignedAgentId: me, unreadCount: 2, lastMessagePreview: 'Hello?' });
    const first = alertFor('new_message', waiting, waiting, me);
    expect(first).toMatchObject({ event: 'visitor_message', body: 'Wanjiru: Hello?' });
    const later = alertFor('new_message', waiting, { ...waiting, lastMessageAt: minutesAgo(-1) }, me);
    expect(later?.key).not.toBe(first?.key);
    expect(alertFor('new_message', waiting, { ...waiting, assignedAgentId: 'someone' }, me)).toBeNull();
    expect(alertFor('new_message', waiting, { ...waiting, unreadCount: 0 }, me)).toBeNull();
    expect(alertFor('new_message', waiting, { ...waiting, status: 'resolved' }, me)).toBeNull();
    expect(alertFor('read', waiting, waiting, me)).toBeNull();
  });

  it('alerts a pending or snoozed chat of mine that is open again, as one event with its message', () => {
    const snoozed = chat({ assignedAgentId: me, state: 'snoozed', snoozedUntil: minutesAgo(-60) });
    const back = { ...snoozed, state: 'open' as const, snoozedUntil: null, unreadCount: 1, lastMessagePreview: 'Hi again' };
    const returned = alertFor('returned', snoozed, back, me);
    expect(returned).toMatchObject({ event: 'visitor_message', body: 'Wanjiru is open again' });
    // The visitor's message that brought it back is the same event (one sound).
    expect(alertFor('new_message', snoozed, back, me)?.key).toBe(returned?.key);
    expect(alertFor('returned', snoozed, { ...back, assignedAgentId: 'someone' }, me)).toBeNull();
    expect(alertFor('returned', snoozed, { ...back, assignedAgentId: null }, me)).not.toBeNull();
  });
});

describe('the wait threshold', () => {
  it('counts a chat as waiting too long only past the threshold and without a first reply', () => {
    expect(waitingTooLong(chat({ createdAt: minutesAgo(1) }), now, 2)).toBe(false);
    expect(waitingTooLong(chat({ createdAt: minutesAgo(3) }), now, 2)).toBe(true);
    expect(waitingTooLong(chat({ createdAt: minutesAgo(3), firstReplyAt: minutesAgo(2) }), now, 2)).toBe(false);
    expect(waitingTooLong(chat({ createdAt: minutesAgo(3), status: 'resolved' }), now, 2)).toBe(false);
    expect(waitingTooLong(chat({ createdAt: minutesAgo(3) }), now, 5)).toBe(false);
  });

  it("raises one alert per waiting chat in the queue or mine, not another agent's", () => {
    const chats = [
      chat({ sessionId: 'queued', createdAt: minutesAgo(4) }),
      chat({ sessionId: 'mine', createdAt: minutesAgo(3), assignedAgentId: me }),
      chat({ sessionId: 'theirs', createdAt: minutesAgo(9), assignedAgentId: 'someone' }),
      chat({ sessionId: 'fresh', createdAt: minutesAgo(1) }),
    ];
    const alerts = waitingAlerts(chats, me, now, 2);
    expect(alerts.map((a) => a.chatId)).toEqual(['queued', 'mine']);
    expect(alerts[0]?.body).toBe('Wanjiru has waited 4 min for a reply');
  });
});

describe('the title count', () => {
  it('counts unread chats, mine or in the queue', () => {
    const chats = [
      chat({ sessionId: 'queued-no-message' }),
      chat({ sessionId: 'queued-unread', unreadCount: 1 }),
      chat({ sessionId: 'mine-unread', assignedAgentId: me, unreadCount: 3 }),
      chat({ sessionId: 'mine-read', assignedAgentId: me, unreadCount: 0, firstReplyAt: minutesAgo(1) }),
      chat({ sessionId: 'theirs-unread', assignedAgentId: 'someone', unreadCount: 1 }),
      chat({ sessionId: 'resolved', status: 'resolved', unreadCount: 1 }),
    ];
    expect(unreadChatCount(chats, me)).toBe(2);
    expect(titleWithCount('Live Chat | Nyota Cloud', 2)).toBe('(2) Live Chat | Nyota Cloud');
    expect(titleWithCount('Live Chat | Nyota Cloud', 0)).toBe('Live Chat | Nyota Cloud');
  });
});

describe('AlertEngine', () => {
  const newChat = alertFor('new_session', undefined, chat(), me) as ConsoleAlert;

  it('sounds once and highlights in a tab in front, however many tabs handle the event', async () => {
    const tabs = browser(3);
    const outcomes = await Promise.all(tabs.map((tab) => tab.engine.raise(newChat)));
    expect(outcomes.filter((o) => o === 'shown')).toHaveLength(1);
    expect(tabs.flatMap((tab) => tab.sounds)).toEqual(['new_chat']);
    expect(tabs.flatMap((tab) => tab.notifications)).toEqual([]);
    expect(tabs.every((tab) => tab.highlighted.includes('chat-1'))).toBe(true);
  });

  it('shows one desktop notification, and no sound, when every tab is hidden', async () => {
    const tabs = browser(2);
    for (const tab of tabs) tab.hidden = true;
    await Promise.all(tabs.map((tab) => tab.engine.raise(newChat)));
    expect(tabs.flatMap((tab) => tab.notifications.map((n) => n.title))).toEqual(['New chat in the queue']);
    expect(tabs.flatMap((tab) => tab.sounds)).toEqual([]);
  });

  it('lets the tab in front raise the event before a hidden one, even when the hidden one gets it first', async () => {
    const [hidden, front] = browser(2) as [Tab, Tab];
    hidden.hidden = true;
    const first = hidden.engine.raise(newChat);
    await new Promise((resolve) => setTimeout(resolve, hiddenClaimDelayMs / 4));
    await Promise.all([first, front.engine.raise(newChat)]);
    expect(front.sounds).toEqual(['new_chat']);
    expect(hidden.notifications).toEqual([]);
  });

  it('follows the preferences: no sound when off, notifications only for chosen events', async () => {
    const [tab] = browser(1) as [Tab];
    tab.prefs = { soundEnabled: false, soundEvents: allEvents, notifyEvents: ['assigned'] };
    await tab.engine.raise(newChat);
    expect(tab.sounds).toEqual([]);
    tab.hidden = true;
    const waiting = waitingAlerts([chat({ createdAt: minutesAgo(5) })], me, now, 2)[0] as ConsoleAlert;
    await tab.engine.raise(waiting);
    expect(tab.notifications).toEqual([]);
    tab.prefs = { soundEnabled: true, soundEvents: ['waiting_too_long'], notifyEvents: [] };
    const other = waitingAlerts([chat({ sessionId: 'chat-2', createdAt: minutesAgo(5) })], me, now, 2)[0] as ConsoleAlert;
    await tab.engine.raise(other);
    // Hidden without a notification: the sound still reaches the agent.
    expect(tab.sounds).toEqual(['waiting_too_long']);
  });

  it('falls back to the sound when notifications are not permitted', async () => {
    const [tab] = browser(1) as [Tab];
    tab.hidden = true;
    tab.permission = false;
    await tab.engine.raise(newChat);
    expect(tab.sounds).toEqual(['new_chat']);
  });

  it('raises a waiting chat once, however often the threshold check runs', async () => {
    const tabs = browser(2);
    const chats = [chat({ createdAt: minutesAgo(3) })];
    for (let check = 0; check < 3; check++) {
      await Promise.all(tabs.map((tab) => Promise.all(waitingAlerts(chats, me, now, 2).map((a) => tab.engine.raise(a)))));
    }
    expect(tabs.flatMap((tab) => tab.sounds)).toEqual(['waiting_too_long']);
  });

  it('keeps an event quiet everywhere when the agent acts on that chat in one tab', async () => {
    const [acting, other] = browser(2) as [Tab, Tab];
    const assigned = alertFor('assignment', chat(), chat({ assignedAgentId: me }), me) as ConsoleAlert;
    expect(await acting.engine.raise(assigned, true)).toBe('suppressed');
    expect(await other.engine.raise(assigned)).toBe('duplicate');
    expect([...acting.sounds, ...other.sounds]).toEqual([]);
  });
});

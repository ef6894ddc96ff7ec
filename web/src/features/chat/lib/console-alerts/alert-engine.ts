// What the console alerts an agent about, and how: the rules, free of React
// and of the browser's APIs (those come in as `AlertOutputs`), so that they
// are tested as they run.
//
// Events: a new chat (from its start, before any message), a chat assigned
// or transferred to me, a visitor message in my chats, and a chat waiting
// longer than the site's first-reply threshold. Every tab highlights the
// chat in its inbox; the sound or notification is raised once per browser
// however many console tabs are open (`AlertClaims`): by a tab in front, a
// short sound (when enabled for the event); by a hidden tab, a desktop
// notification (when enabled and permitted), else the sound.

import type { AlertEvent } from '@/api-types/AlertEvent';
import type { ChatSummary } from '@/api-types/ChatSummary';
import type { InboxReason } from '@/api-types/InboxReason';
import type { AlertClaims } from './alert-claims';

export interface ConsoleAlert {
  event: AlertEvent;
  chatId: string;
  /** Names the event for the once-per-browser claim. */
  key: string;
  /** How long the key stays claimed: one alert per key in that time. */
  ttlMs: number;
  title: string;
  body: string;
}

export interface AlertPreferences {
  soundEnabled: boolean;
  soundEvents: AlertEvent[];
  notifyEvents: AlertEvent[];
}

/** The browser's side of an alert. */
export interface AlertOutputs {
  /** Whether this tab is hidden now. */
  hidden(): boolean;
  playSound(event: AlertEvent): void;
  /** Shows a desktop notification; false when it could not (no permission, no API). */
  notify(alert: ConsoleAlert): boolean;
  /** Marks the chat in this tab's inbox. */
  highlight(chatId: string): void;
  /** Waits (a hidden tab lets a visible one claim first). */
  sleep(ms: number): Promise<void>;
}

/** What a tab did with an alert. */
export type AlertOutcome = 'shown' | 'duplicate' | 'suppressed';

/** A hidden tab waits this long before claiming, so a tab in front wins the event. */
export const hiddenClaimDelayMs = 400;

const once = 24 * 60 * 60 * 1000;
const minute = 60_000;

/** Alert titles as the agent reads them. */
export const alertTitles: Record<AlertEvent, string> = {
  new_chat: 'New chat in the queue',
  assigned: 'Chat assigned to you',
  visitor_message: 'New message',
  waiting_too_long: 'A chat is waiting',
};

export const alertEventLabels: Record<AlertEvent, string> = {
  new_chat: 'A new chat in the queue',
  assigned: 'A chat assigned or transferred to me',
  visitor_message: 'A new visitor message in my chats',
  waiting_too_long: 'A chat waiting too long for a first reply',
};

function alert(event: AlertEvent, chat: ChatSummary, key: string, ttlMs: number, body: string): ConsoleAlert {
  return { event, chatId: chat.sessionId, key: `${event}:${key}`, ttlMs, title: alertTitles[event], body };
}

/**
 * The alert an inbox update brings this agent, if any. `before` is the chat
 * as this tab knew it (undefined: not known), `after` as it is now.
 */
export function alertFor(
  reason: InboxReason,
  before: ChatSummary | undefined,
  after: ChatSummary,
  me: string,
): ConsoleAlert | null {
  if (after.status !== 'open') return null;
  const mine = after.assignedAgentId === me;
  const newlyMine = mine && before?.assignedAgentId !== me;
  switch (reason) {
    case 'new_session':
      // Given to me on arrival: one alert, the assignment's (same key).
      if (mine) return alert('assigned', after, `${after.sessionId}:${me}`, minute, `${after.visitorName} is now yours`);
      // Given to someone else on arrival: not in the queue, theirs to answer.
      return after.assignedAgentId === null
        ? alert('new_chat', after, after.sessionId, once, `${after.visitorName} started a chat`)
        : null;
    case 'assignment':
      return newlyMine
        ? alert('assigned', after, `${after.sessionId}:${me}`, minute, `${after.visitorName} is now yours`)
        : null;
    case 'new_message':
      // Each visitor message is its own event (keyed by its time).
      return mine && after.awaitingReply && after.unreadCount > 0
        ? alert(
            'visitor_message',
            after,
            `${after.sessionId}:${after.lastMessageAt}`,
            10 * minute,
            `${after.visitorName}: ${after.lastMessagePreview ?? ''}`.trim(),
          )
        : null;
    case 'returned':
      // A pending or snoozed chat of mine (or in the queue) is open again:
      // the visitor wrote (the same key as that message's alert) or the
      // snooze ended.
      return mine || after.assignedAgentId === null
        ? alert(
            'visitor_message',
            after,
            `${after.sessionId}:${after.lastMessageAt}`,
            10 * minute,
            `${after.visitorName} is open again`,
          )
        : null;
    default:
      return null;
  }
}

/** Whether `chat` has waited longer than `minutes` for its first agent reply. */
export function waitingTooLong(chat: ChatSummary, now: number, minutes: number): boolean {
  return chat.status === 'open' && !chat.firstReplyAt && now - Date.parse(chat.createdAt) > minutes * minute;
}

/** Whole minutes `chat` has waited since it started (for the inbox badge). */
export function minutesWaiting(chat: ChatSummary, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(chat.createdAt)) / minute));
}

/** The one more alert for a chat past the threshold: unassigned or mine, once per chat. */
export function waitingAlerts(chats: ChatSummary[], me: string, now: number, minutes: number): ConsoleAlert[] {
  return chats
    .filter((chat) => (chat.assignedAgentId === null || chat.assignedAgentId === me) && waitingTooLong(chat, now, minutes))
    .map((chat) =>
      alert('waiting_too_long', chat, chat.sessionId, once, `${chat.visitorName} has waited ${minutesWaiting(chat, now)} min for a reply`),
    );
}

/** Unread chats: open, mine or in the queue, with visitor messages no agent has read. */
export function unreadChatCount(chats: ChatSummary[], me: string): number {
  return chats.filter(
    (chat) => chat.status === 'open' && (chat.assignedAgentId === me || chat.assignedAgentId === null) && chat.unreadCount > 0,
  ).length;
}

/** "(3) Live Chat | Nyota Cloud" while 3 chats wait; the plain title at 0. */
export function titleWithCount(base: string, count: number): string {
  return count > 0 ? `(${count}) ${base}` : base;
}

/** Raises alerts in one tab; every console tab of the browser has one, sharing `claims`. */
export class AlertEngine {
  constructor(
    private readonly claims: AlertClaims,
    private readonly outputs: AlertOutputs,
    private readonly preferences: () => AlertPreferences,
  ) {}

  /**
   * Raises `alert` unless another tab already did. `quiet`: the agent is
   * acting on this chat in this tab (or reading it): the event is claimed,
   * so no other tab raises it either, and nothing sounds.
   */
  async raise(alert: ConsoleAlert, quiet = false): Promise<AlertOutcome> {
    // Every tab marks the chat (it is this tab's view); only the sound and
    // the notification are once per browser.
    if (!quiet) this.outputs.highlight(alert.chatId);
    if (this.outputs.hidden() && !quiet) await this.outputs.sleep(hiddenClaimDelayMs);
    if (!(await this.claims.claim(alert.key, alert.ttlMs))) return 'duplicate';
    if (quiet) return 'suppressed';
    const prefs = this.preferences();
    const sound = prefs.soundEnabled && prefs.soundEvents.includes(alert.event);
    if (this.outputs.hidden()) {
      const notified = prefs.notifyEvents.includes(alert.event) && this.outputs.notify(alert);
      // No notification (off, not permitted): the sound still reaches the agent.
      if (!notified && sound) this.outputs.playSound(alert.event);
    } else if (sound) {
      this.outputs.playSound(alert.event);
    }
    return 'shown';
  }
}

import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { sortInbox } from './inbox-order';

const now = Date.parse('2026-11-28T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
const chat = (name: string, over: Partial<ChatSummary>): ChatSummary =>
  ({
    sessionId: name,
    visitorName: name,
    status: 'open',
    awaitingReply: false,
    waitingSince: null,
    unreadCount: 0,
    queuePosition: null,
    firstReplyAt: minutesAgo(30),
    createdAt: minutesAgo(40),
    lastMessageAt: minutesAgo(5),
    labels: [],
    language: 'en',
    ...over,
  }) as ChatSummary;

const chats = [
  chat('answered', { lastMessageAt: minutesAgo(1) }),
  chat('waiting-3', { awaitingReply: true, waitingSince: minutesAgo(3), lastMessageAt: minutesAgo(3) }),
  chat('waiting-9', { awaitingReply: true, waitingSince: minutesAgo(9), lastMessageAt: minutesAgo(9), unreadCount: 1 }),
  chat('unanswered', { firstReplyAt: undefined, createdAt: minutesAgo(4), awaitingReply: true, waitingSince: minutesAgo(4), lastMessageAt: minutesAgo(2) }),
  chat('resolved', { status: 'resolved', lastMessageAt: minutesAgo(0) }),
];
const names = (rows: ChatSummary[]) => rows.map((row) => row.visitorName);

describe('inbox order', () => {
  it('newest puts the latest activity first', () => {
    expect(names(sortInbox(chats, 'newest', now, 2))).toEqual(['resolved', 'answered', 'unanswered', 'waiting-3', 'waiting-9']);
  });

  it('oldest waiting puts the longest wait for a reply first, then the rest by activity', () => {
    expect(names(sortInbox(chats, 'oldest-waiting', now, 2))).toEqual(['waiting-9', 'unanswered', 'waiting-3', 'resolved', 'answered']);
  });

  it('priority puts the chat past the first-reply alarm first, then unread, then other waits, resolved last', () => {
    expect(names(sortInbox(chats, 'priority', now, 2))).toEqual(['unanswered', 'waiting-9', 'waiting-3', 'answered', 'resolved']);
  });
});

// The inbox's orders: newest activity, the longest wait first, or what needs
// action first. The list and the j / k keys use the same one.

import { useCallback, useState } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { waitingTooLong } from './console-alerts/alert-engine';

export type InboxSort = 'newest' | 'oldest-waiting' | 'priority';

export const inboxSortOptions: Array<{ value: InboxSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest-waiting', label: 'Oldest waiting' },
  { value: 'priority', label: 'Priority' },
];

const activity = (chat: ChatSummary) => Date.parse(chat.lastMessageAt);
/** When the visitor started waiting: their unanswered message, else the chat's start. */
const waitStart = (chat: ChatSummary) => Date.parse(chat.waitingSince ?? chat.createdAt);

/** Lower is more urgent: past the first-reply alarm, unread, queued, awaiting a reply, the rest. */
function urgency(chat: ChatSummary, now: number, alarmMinutes: number): number {
  if (chat.status !== 'open') return 5;
  if (waitingTooLong(chat, now, alarmMinutes)) return 0;
  if (chat.unreadCount > 0) return 1;
  if (chat.queuePosition !== null) return 2;
  return chat.awaitingReply ? 3 : 4;
}

/** `chats` in the order `sort` (a new array; ties by newest activity). */
export function sortInbox(chats: ChatSummary[], sort: InboxSort, now: number, alarmMinutes: number): ChatSummary[] {
  const newest = (a: ChatSummary, b: ChatSummary) => activity(b) - activity(a);
  const rows = [...chats];
  if (sort === 'newest') return rows.sort(newest);
  if (sort === 'oldest-waiting') {
    return rows.sort((a, b) => {
      const waiting = Number(b.awaitingReply) - Number(a.awaitingReply);
      if (waiting !== 0) return waiting;
      return a.awaitingReply ? waitStart(a) - waitStart(b) || newest(a, b) : newest(a, b);
    });
  }
  return rows.sort((a, b) => {
    const rank = urgency(a, now, alarmMinutes) - urgency(b, now, alarmMinutes);
    if (rank !== 0) return rank;
    return urgency(a, now, alarmMinutes) <= 3 ? waitStart(a) - waitStart(b) || newest(a, b) : newest(a, b);
  });
}

const sortKey = 'console-inbox-sort';

/** The agent's chosen order, kept in this browser. */
export function useInboxSort(): [InboxSort, (sort: InboxSort) => void] {
  const [sort, setSort] = useState<InboxSort>(() => {
    try {
      const stored = localStorage.getItem(sortKey);
      return inboxSortOptions.some((option) => option.value === stored) ? (stored as InboxSort) : 'newest';
    } catch {
      return 'newest';
    }
  });
  const choose = useCallback((next: InboxSort) => {
    setSort(next);
    try {
      localStorage.setItem(sortKey, next);
    } catch {
      // Not kept; the choice still applies to this page.
    }
  }, []);
  return [sort, choose];
}

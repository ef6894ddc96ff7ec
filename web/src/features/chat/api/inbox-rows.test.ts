import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { agentChatQueryKey } from './get-agent-chat';
import { cachedInboxRow, patchInboxRow, rowWithMessage } from './inbox-rows';
import { agentChatsQueryKey } from './list-agent-chats';

const row: ChatSummary = {
  sessionId: 's1',
  visitorName: 'Wanjiru',
  visitorEmail: 'wanjiru@example.com',
  status: 'open',
  awaitingReply: false,
  assignedAgentId: 'a1',
  assignedAgentName: 'Baraka',
  unreadCount: 0,
  lastMessagePreview: 'How can I help?',
  lastMessageAt: '2026-11-28T10:00:00Z',
  waitingSince: null,
  createdAt: '2026-11-28T09:59:00Z',
  pageUrl: null,
  userAgent: null,
  queuePosition: null,
  rating: null,
  ratingComment: null,
  labels: [],
  language: 'en',
  teamId: null,
  teamName: null,
  state: 'open',
  snoozedUntil: null,
  firstReplyAt: '2026-11-28T10:00:00Z',
};

const message = (senderType: ChatMessage['senderType'], text: string, createdAt: string): ChatMessage => ({
  id: `m-${createdAt}`,
  sessionId: 's1',
  senderType,
  message: text,
  createdAt,
});

describe('rowWithMessage', () => {
  it('a visitor message: the preview, one more unread, waiting since it came', () => {
    const next = rowWithMessage(row, message('user', 'Is the GPU plan in Lagos?', '2026-11-28T10:01:00Z'));
    expect(next).toMatchObject({
      lastMessagePreview: 'Is the GPU plan in Lagos?',
      lastMessageAt: '2026-11-28T10:01:00Z',
      unreadCount: 1,
      awaitingReply: true,
      waitingSince: '2026-11-28T10:01:00Z',
    });
    // The same frame again (a resume, a second tab) changes nothing.
    expect(rowWithMessage(next, message('user', 'Is the GPU plan in Lagos?', '2026-11-28T10:01:00Z'))).toBe(next);
  });

  it('an agent message answers; a system notice moves only the time; a long text is cut as the server cuts it', () => {
    const waiting = { ...row, awaitingReply: true, waitingSince: '2026-11-28T10:01:00Z', unreadCount: 2 };
    expect(rowWithMessage(waiting, message('agent', 'Yes, it is.', '2026-11-28T10:02:00Z'))).toMatchObject({
      awaitingReply: false,
      waitingSince: null,
      unreadCount: 2,
      lastMessagePreview: 'Yes, it is.',
    });
    expect(rowWithMessage(waiting, message('system', 'Baraka joined the chat', '2026-11-28T10:02:00Z'))).toEqual({
      ...waiting,
      lastMessageAt: '2026-11-28T10:02:00Z',
    });
    const long = rowWithMessage(row, message('user', '✓'.repeat(200), '2026-11-28T10:03:00Z'));
    expect([...long.lastMessagePreview!]).toHaveLength(140);
  });
});

describe('patchInboxRow', () => {
  it('changes the cached summary and the lists holding the row, and says false when none is cached', () => {
    const client = new QueryClient();
    const filters = { status: 'open', assigned: 'all' } as const;
    expect(patchInboxRow(client, 's1', (r) => ({ ...r, unreadCount: 0 }), 'a1')).toBe(false);
    client.setQueryData(agentChatsQueryKey(filters), [{ ...row, unreadCount: 3 }]);
    client.setQueryData(agentChatQueryKey('s1'), { ...row, unreadCount: 3 });
    expect(patchInboxRow(client, 's1', (r) => ({ ...r, unreadCount: 0 }), 'a1')).toBe(true);
    expect(cachedInboxRow(client, 's1')?.unreadCount).toBe(0);
    expect(client.getQueryData<ChatSummary[]>(agentChatsQueryKey(filters))?.[0]?.unreadCount).toBe(0);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { agentChatsQueryKey, applyInboxSummaries, type InboxFilters } from './list-agent-chats';

const chat = (id: string, over: Partial<ChatSummary> = {}): ChatSummary => ({
  sessionId: id,
  visitorName: id,
  visitorEmail: `${id}@example.com`,
  status: 'open',
  awaitingReply: true,
  assignedAgentId: null,
  assignedAgentName: null,
  unreadCount: 0,
  lastMessagePreview: null,
  lastMessageAt: '2026-03-03T10:00:00Z',
  waitingSince: null,
  createdAt: '2026-03-03T09:00:00Z',
  pageUrl: null,
  userAgent: null,
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

describe('applyInboxSummaries', () => {
  it('replaces, adds and drops chats per list as they now match its filters, newest first', () => {
    const client = new QueryClient();
    const all: InboxFilters = { status: 'all', assigned: 'all' };
    const mine: InboxFilters = { status: 'open', assigned: 'me' };
    const billing: InboxFilters = { status: 'all', assigned: 'all', label: 'billing' };
    client.setQueryData(agentChatsQueryKey(all), [chat('a'), chat('b', { lastMessageAt: '2026-03-03T09:00:00Z' })]);
    client.setQueryData(agentChatsQueryKey(mine), [chat('a', { assignedAgentId: 'me' })]);
    client.setQueryData(agentChatsQueryKey(billing), []);

    applyInboxSummaries(
      client,
      [
        // b has new activity and a label; a was resolved and handed to someone else.
        chat('b', { lastMessageAt: '2026-03-03T11:00:00Z', labels: ['billing'] }),
        chat('a', { status: 'resolved', assignedAgentId: 'other' }),
      ],
      'me',
    );

    const ids = (filters: InboxFilters) =>
      (client.getQueryData<ChatSummary[]>(agentChatsQueryKey(filters)) ?? []).map((c) => c.sessionId);
    expect(ids(all)).toEqual(['b', 'a']);
    expect(ids(mine)).toEqual([]);
    expect(ids(billing)).toEqual(['b']);
  });
});

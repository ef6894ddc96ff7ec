// Patching a chat's inbox row from what frames say, instead of reading its
// summary again.

import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { agentChatQueryKey } from './get-agent-chat';
import { agentChatListsKey, applyInboxSummaries } from './list-agent-chats';

/** The chat as this tab knows it (its summary, else a cached list's row), before a fresh read. */
export function cachedInboxRow(queryClient: QueryClient, sessionId: string): ChatSummary | undefined {
  const detail = queryClient.getQueryData<ChatSummary>(agentChatQueryKey(sessionId));
  if (detail) return detail;
  for (const [, list] of queryClient.getQueriesData<ChatSummary[]>({ queryKey: agentChatListsKey })) {
    const found = list?.find((chat) => chat.sessionId === sessionId);
    if (found) return found;
  }
  return undefined;
}

/**
 * Changes one chat's inbox row where the console has it (its summary, the
 * cached lists) without reading it again; false when no row is cached (the
 * caller reads it). Frames say what changed: a read's unread count, the
 * open chat's messages (issue 37's byte budget: a summary read costs more
 * than the message).
 */
export function patchInboxRow(
  queryClient: QueryClient,
  sessionId: string,
  change: (row: ChatSummary) => ChatSummary,
  me: string | undefined,
): boolean {
  const detailKey = agentChatQueryKey(sessionId);
  const current = cachedInboxRow(queryClient, sessionId);
  if (!current) return false;
  const next = change(current);
  if (next === current) return true;
  if (queryClient.getQueryData(detailKey)) queryClient.setQueryData(detailKey, next);
  applyInboxSummaries(queryClient, [next], me);
  return true;
}

/** Longest preview the inbox shows of a message (as `chat_summaries` cuts it). */
const previewLength = 140;

/**
 * The inbox row after `message` arrived in its chat, as the server's summary
 * would then say; the row itself when it already counts the message (a frame
 * seen twice).
 */
export function rowWithMessage(row: ChatSummary, message: ChatMessage): ChatSummary {
  if (Date.parse(message.createdAt) <= Date.parse(row.lastMessageAt)) return row;
  if (message.senderType === 'system') return { ...row, lastMessageAt: message.createdAt };
  const fromVisitor = message.senderType === 'user';
  const text = message.message || (message.attachment ? `Attachment: ${message.attachment.filename}` : '');
  return {
    ...row,
    lastMessageAt: message.createdAt,
    lastMessagePreview: text ? [...text].slice(0, previewLength).join('') : null,
    awaitingReply: row.status === 'open' && fromVisitor,
    waitingSince: fromVisitor ? (row.waitingSince ?? message.createdAt) : null,
    unreadCount: fromVisitor ? row.unreadCount + 1 : row.unreadCount,
    firstReplyAt: fromVisitor || row.firstReplyAt ? row.firstReplyAt : message.createdAt,
  };
}

// Live `new_message` frames go straight into the cached message list instead of
// refetching the chat's whole history for each one.

import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ReceiptMark } from '@/api-types/ReceiptMark';
import { chatMessagesQueryKey } from '../api/get-chat-messages';
import { applyReceiptTo, type ReceiptFrame } from './receipts';

/**
 * `list` with `message` in its place, or `list` itself when it already holds
 * that id. The order is the server's (`order by id`: UUIDv7 ids, whose
 * lowercase text sorts like the bytes Postgres compares).
 */
export function insertMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (list.some((m) => m.id === message.id)) return list;
  // Frames almost always arrive in order, so the place is found from the end.
  let at = list.length;
  while (at > 0 && list[at - 1]!.id > message.id) at -= 1;
  return [...list.slice(0, at), message, ...list.slice(at)];
}

/**
 * Puts a message from a `new_message` frame into its chat's cached list. A
 * list not in the cache is left alone: the fetch that loads it will include
 * the message. A list being fetched gets the message again once the answer
 * lands, as that answer may have been read before the message was stored.
 */
export function applyNewMessage(queryClient: QueryClient, message: ChatMessage): void {
  updateMessages(queryClient, message.sessionId, (list) => insertMessage(list, message));
}

/**
 * Applies `change` to a chat's cached list, now and, when the list is being
 * fetched, again once the answer lands: that answer may have been read before
 * what the frame says was stored. A list not in the cache is left alone (the
 * fetch that loads it will include it).
 */
function updateMessages(queryClient: QueryClient, sessionId: string, change: (list: ChatMessage[]) => ChatMessage[]): void {
  const queryKey = chatMessagesQueryKey(sessionId);
  const apply = () =>
    queryClient.setQueryData<ChatMessage[]>(queryKey, (list) => {
      if (!list) return undefined;
      const next = change(list);
      // Unchanged: returning undefined leaves the cache (and its observers) untouched.
      return next === list ? undefined : next;
    });
  apply();
  const query = queryClient.getQueryCache().find<ChatMessage[]>({ queryKey, exact: true });
  if (query && query.state.fetchStatus !== 'idle') {
    // The query stores the answer before this runs (it awaited the same promise first).
    // A cancelled fetch needs nothing: whatever replaces it starts after this frame.
    query.promise?.then(apply, () => undefined);
  }
}

/** Marks the messages a `receipt` frame reaches in its chat's cached list. */
export function applyReceipt(queryClient: QueryClient, frame: ReceiptFrame): void {
  updateMessages(queryClient, frame.sessionId, (list) => applyReceiptTo(list, frame));
}

/** The newest message of a chat's cached list, if one is loaded. */
export function newestCachedMessage(queryClient: QueryClient, sessionId: string): string | undefined {
  return queryClient.getQueryData<ChatMessage[]>(chatMessagesQueryKey(sessionId))?.at(-1)?.id;
}

/**
 * Puts what a rejoin missed into the chat's cached list: the messages, and
 * where the receipts stand. Returns false when no list is cached (the fetch
 * that loads it has it all).
 */
export function applyReplay(queryClient: QueryClient, sessionId: string, missed: ChatMessage[], receipts: ReceiptMark[]): boolean {
  if (!queryClient.getQueryData(chatMessagesQueryKey(sessionId))) return false;
  updateMessages(queryClient, sessionId, (list) => {
    let next = list;
    for (const message of missed) next = insertMessage(next, message);
    for (const mark of receipts) next = applyReceiptTo(next, { type: 'receipt', sessionId, ...mark });
    return next;
  });
  return true;
}

/** Refetches a chat's message list, for when frames may have been missed (after a reconnect). */
export function refetchChatMessages(queryClient: QueryClient, sessionId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey(sessionId) });
}

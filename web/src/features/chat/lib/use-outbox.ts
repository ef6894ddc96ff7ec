// The page's one outbox (./outbox.ts), wired to the socket and the API, the message cache,
// the browser's `online` event, the socket's reconnects and the other tabs
// of this browser; and the hook a chat view reads its unsent messages from.

import 'virtual:catalog/en/widget';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { RequestError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-catalogue';
import { t } from '@/i18n/i18n';
import { sendChatMessage } from '../api/send-chat-message';
import { applyNewMessage, refetchChatMessages } from './chat-cache';
import { liveSocket, useLiveSocket } from './live-socket';
import { Outbox, outboxStorageKey, type OutboxEntry } from './outbox';

let shared: { outbox: Outbox; detach: () => void } | null = null;
/** The cache stored messages go into: the app's one client (tests make their own). */
let cache: QueryClient | null = null;

function chatOutbox(): Outbox {
  if (!shared) {
    const outbox = new Outbox({
      // On the socket while it is up (a frame costs a fraction of a POST),
      // else, and with a file, posted.
      pipelines: (entry) => !entry.attachment && liveSocket().canSendMessage(entry.sessionId, entry.message),
      send: (entry, resend) => {
        const onSocket =
          !entry.attachment &&
          liveSocket().sendMessage({ sessionId: entry.sessionId, clientMessageId: entry.clientMessageId, message: entry.message, resend });
        if (onSocket) return { answer: onSocket, pipelined: true };
        const request = new AbortController();
        const answer = sendChatMessage({
          sessionId: entry.sessionId,
          message: entry.message,
          clientMessageId: entry.clientMessageId,
          attachmentId: entry.attachment?.id,
          resend,
          signal: request.signal,
        });
        return { answer, pipelined: false, abort: () => request.abort() };
      },
      // The server's words, else the send failure (the error catalogue's, in the page's language).
      describe: (error) => (error instanceof RequestError && serverMessage(error.failure)) || t('widget.send.failed'),
      onStored: (message) => {
        if (!cache) return;
        applyNewMessage(cache, message);
        // With the socket up, whatever else came meanwhile came as frames:
        // refetching the history would cost more than the message itself
        // (docs/chat.md, byte budgets). Down, it is refetched, not awaited.
        if (!liveSocket().connected) void refetchChatMessages(cache, message.sessionId);
      },
    });
    // Messages waiting: the socket tries to come back sooner.
    const urgency = () => liveSocket().setUrgent(outbox.entries().some((entry) => entry.problem === null));
    const unsubscribe = outbox.subscribe(urgency);
    urgency();
    const online = () => outbox.wake();
    const storage = (event: StorageEvent) => {
      if (event.key === outboxStorageKey) outbox.reload();
    };
    window.addEventListener('online', online);
    window.addEventListener('storage', storage);
    const detach = () => {
      unsubscribe();
      liveSocket().setUrgent(false);
      outbox.stop();
      window.removeEventListener('online', online);
      window.removeEventListener('storage', storage);
    };
    shared = { outbox, detach };
  }
  return shared.outbox;
}

/** Forgets the page's outbox (tests: each starts from its own storage). */
export function resetChatOutbox(): void {
  shared?.detach();
  shared = null;
}

const none: OutboxEntry[] = [];

/**
 * A chat's unsent messages (oldest first) and the ways to add one, discard
 * one, or take one back into the box. Mounting it sends what an earlier
 * page left unsent.
 */
export function useOutbox(sessionId: string | null | undefined) {
  const queryClient = useQueryClient();
  const outbox = chatOutbox();
  useEffect(() => {
    cache = queryClient;
    outbox.wake();
  }, [outbox, queryClient]);
  // A socket that (re)connects means the server is reachable again; a chat
  // joined on it means its messages can go on it.
  useLiveSocket((event) => {
    if (event.type === 'open' || (event.type === 'frame' && event.frame.type === 'session_joined')) outbox.wake();
  });
  const all = useSyncExternalStore(
    useCallback((listener) => outbox.subscribe(listener), [outbox]),
    () => outbox.entries(),
  );
  const pending = useMemo(
    () => (sessionId ? all.filter((entry) => entry.sessionId === sessionId) : none),
    [all, sessionId],
  );
  const add = useCallback((entry: OutboxEntry) => outbox.add(entry), [outbox]);
  const discard = useCallback((clientMessageId: string) => outbox.discard(clientMessageId), [outbox]);
  return { pending, add, discard };
}

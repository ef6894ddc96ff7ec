// The console's alerts, wired to the browser: inbox updates from the socket
// and the open-chats list go through the rules of `alert-engine.ts`; sounds
// are WebAudio beeps (each also announced as a `nyota:alert-sound` window
// event, which tests count); notifications use the Notification API (the
// permission is asked from a click in the alert settings, never here).

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AlertEvent } from '@/api-types/AlertEvent';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { useUser } from '@/lib/auth/get-user';
import { useSiteSettings } from '@/lib/site-settings';
import { useNow } from '@/lib/use-now';
import { useAgentProfile } from '@/features/chat/api/agent-profile';
import { agentChatQueryOptions } from '@/features/chat/api/get-agent-chat';
import { useAgentChats } from '@/features/chat/api/list-agent-chats';
import { cachedInboxRow as knownChat, rowWithMessage } from '@/features/chat/api/inbox-rows';
import { useLiveSocket } from '@/features/chat/lib/live-socket';
import { browserClaims } from './alert-claims';
import { playBeep } from './alert-sound';
import {
  AlertEngine,
  type AlertPreferences,
  type ConsoleAlert,
  alertFor,
  titleWithCount,
  unreadChatCount,
  waitingAlerts,
} from './alert-engine';
import type { InboxAlertState } from './alerts-context';

/** The window event each alert sound announces (its detail: the event). */
export const alertSoundEvent = 'nyota:alert-sound';

const defaults: AlertPreferences = {
  soundEnabled: true,
  soundEvents: ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'],
  notifyEvents: ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'],
};

/** Every open chat, whatever the inbox filters show (the title count and the wait check). */
const openChats = { status: 'open', assigned: 'all' } as const;

function isHidden(): boolean {
  return document.visibilityState === 'hidden' || document.hidden;
}

function playAlertSound(event: AlertEvent) {
  playBeep();
  window.dispatchEvent(new CustomEvent(alertSoundEvent, { detail: event }));
}

/** A desktop notification; false where not permitted or not supported. */
function showNotification(alert: ConsoleAlert, open: (chatId: string) => void): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    const notification = new Notification(alert.title, { body: alert.body, tag: alert.key });
    notification.onclick = () => {
      window.focus();
      open(alert.chatId);
      notification.close();
    };
    return true;
  } catch {
    // Some mobile browsers allow notifications only from a service worker.
    return false;
  }
}


/** Whether this tab has a request about `chatId` in flight (the agent acting on it). */
function actingOn(queryClient: QueryClient, chatId: string): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ status: 'pending' })
    .some((mutation) => JSON.stringify([mutation.options.mutationKey, mutation.state.variables]).includes(chatId));
}

export interface ConsoleAlerts extends InboxAlertState {
  /** Chats waiting for this agent (the title count). */
  unread: number;
  /** The page title with the count in front. */
  title: (base: string) => string;
}

/**
 * Alerts for the console page. `selectedId`: the chat open in this tab (its
 * highlight clears, and its visitor messages do not alert while in view);
 * `open`: opens a chat (a notification's click).
 */
export function useConsoleAlerts(selectedId: string | null, open: (chatId: string) => void): ConsoleAlerts {
  const queryClient = useQueryClient();
  const me = useUser().data?.id;
  const profile = useAgentProfile();
  const thresholdMinutes = useSiteSettings().firstReplyAlertMinutes;
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(() => new Set());

  // Read by the engine at the moment it raises, so it never holds stale values.
  const latest = useRef({ prefs: defaults, open, selectedId });
  latest.current = { prefs: profile.data ?? defaults, open, selectedId };

  const engine = useMemo(
    () =>
      new AlertEngine(
        browserClaims(),
        {
          hidden: isHidden,
          playSound: playAlertSound,
          notify: (alert) => showNotification(alert, (chatId) => latest.current.open(chatId)),
          highlight: (chatId) =>
            setHighlighted((current) => (current.has(chatId) ? current : new Set(current).add(chatId))),
          sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
        },
        () => latest.current.prefs,
      ),
    [],
  );

  // Opening a chat is seeing it: its highlight goes.
  useEffect(() => {
    if (!selectedId) return;
    setHighlighted((current) => {
      if (!current.has(selectedId)) return current;
      const next = new Set(current);
      next.delete(selectedId);
      return next;
    });
  }, [selectedId]);

  const handleUpdate = useCallback(
    async (chatId: string, reason: 'new_session' | 'assignment' | 'new_message') => {
      if (!me) return;
      const before = knownChat(queryClient, chatId);
      let after: ChatSummary;
      try {
        // Shares the console's own read of this chat when it is in flight or just done.
        after = await queryClient.fetchQuery({ ...agentChatQueryOptions(chatId), staleTime: 1_000 });
      } catch {
        return; // The inbox shows the failure; nothing to alert about.
      }
      const alert = alertFor(reason, before, after, me);
      if (!alert) return;
      const inView = latest.current.selectedId === chatId && !isHidden();
      const quiet = actingOn(queryClient, chatId) || (alert.event === 'visitor_message' && inView);
      await engine.raise(alert, quiet);
    },
    [engine, me, queryClient],
  );

  // The open chat is joined: its own frames say all its alerts need, so its
  // inbox updates about messages read nothing (issue 37's byte budget).
  const handleOpenChatMessage = useCallback(
    async (message: ChatMessage) => {
      const before = knownChat(queryClient, message.sessionId);
      if (!me || !before) return handleUpdate(message.sessionId, 'new_message');
      // A row that already counts the message (patched first) says the same.
      const alert = alertFor('new_message', before, rowWithMessage(before, message), me);
      if (!alert) return;
      const quiet = actingOn(queryClient, message.sessionId) || !isHidden();
      await engine.raise(alert, quiet);
    },
    [engine, handleUpdate, me, queryClient],
  );

  useLiveSocket((event) => {
    if (event.type !== 'frame') return;
    const { frame } = event;
    const openChat = latest.current.selectedId;
    if (frame.type === 'new_message' && frame.sessionId === openChat && frame.message.senderType === 'user') {
      void handleOpenChatMessage(frame.message);
      return;
    }
    if (frame.type !== 'inbox_update') return;
    const { sessionId, reason } = frame;
    if (reason === 'new_message' && sessionId === openChat && knownChat(queryClient, sessionId)) return;
    if (reason === 'new_session' || reason === 'assignment' || reason === 'new_message') {
      void handleUpdate(sessionId, reason);
    }
  });

  // The one more alert of a chat past the first-reply threshold.
  const openList = useAgentChats(openChats);
  const now = useNow(15_000);
  const checked = useRef(new Set<string>());
  useEffect(() => {
    if (!me || !openList.data) return;
    for (const alert of waitingAlerts(openList.data, me, now, thresholdMinutes)) {
      // Once per chat: this tab asks the other tabs only the first time.
      if (checked.current.has(alert.key)) continue;
      checked.current.add(alert.key);
      void engine.raise(alert);
    }
  }, [engine, me, now, openList.data, thresholdMinutes]);

  const unread = me && openList.data ? unreadChatCount(openList.data, me) : 0;
  const title = useCallback((base: string) => titleWithCount(base, unread), [unread]);
  return { highlighted, thresholdMinutes, unread, title };
}

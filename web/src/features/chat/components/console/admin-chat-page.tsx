// /admin/chat: the live chat console, at the viewport's height in the admin
// shell. Inbox, conversation and details side by side on wide screens; on a
// phone one screen at a time (?chat= opens a chat, &pane=details its details),
// so the browser's Back goes back a screen. Everything updates over the
// socket (no polling).

import { useQueryClient } from '@tanstack/react-query';
import { Keyboard } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AdminToolbar } from '@/components/admin/admin-toolbar';
import { cn } from '@/lib/cn';
import { PageMeta } from '@/components/ui/page-meta';
import { site } from '@/config/site';
import { useUser } from '@/lib/auth/get-user';
import { CoalescedTask } from '@/features/chat/lib/coalesced-task';
import { useLiveChatMessages } from '@/features/chat/lib/use-live-chat-messages';
import { useResyncOnReturn } from '@/features/chat/lib/use-resync-on-return';
import { liveSocket, useLiveSocket } from '@/features/chat/lib/live-socket';
import { agentTeamKey, chatNotesKey } from '@/features/chat/api/agent-availability';
import { agentChatQueryKey, agentChatQueryOptions, useAgentChat } from '@/features/chat/api/get-agent-chat';
import { chatEmailKey } from '@/features/chat/api/chat-email-state';
import { chatMessagesQueryKey } from '@/features/chat/api/get-chat-messages';
import { agentChatListsKey, applyInboxSummaries, type InboxFilters, useAgentChats } from '@/features/chat/api/list-agent-chats';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { stateCountsKey } from '@/features/chat/api/get-state-counts';
import { cachedInboxRow, patchInboxRow, rowWithMessage } from '@/features/chat/api/inbox-rows';
import { adminSection } from '@/config/admin-sections';
import { AgentStatusSelect } from './agent-status-select';
import { ChatConsoleConversation } from './chat-console-conversation';
import { ChatInbox } from './chat-inbox';
import { sortInbox, useInboxSort } from '../../lib/inbox-order';
import { useSiteSettings } from '@/lib/site-settings';
import { ChatSearch } from './chat-search';
import { ConsoleShortcutsDialog, sendConsoleCommand, shortcutOf } from './console-shortcuts';
import { ResolveUndoBar, usePendingResolve } from './resolve-undo';
import { usePageVisible } from '../../lib/use-page-visible';
import { useReceipts } from '../../lib/use-receipts';
import { useConsoleAlerts } from '@/features/chat/lib/console-alerts/use-console-alerts';
import { ConsoleAlertsContext } from '@/features/chat/lib/console-alerts/alerts-context';
import { AlertSettingsButton } from './alert-settings';
import { useNow } from '@/lib/use-now';
import { useDetailsOpen, useWideConsole } from '../../lib/console-layout';

const section = adminSection('/admin/chat');

export default function AdminChatPage() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('chat');
  // Open chats by default: resolved ones are under Resolved (and All).
  const [filters, setFilters] = useState<InboxFilters>({ status: 'open', assigned: 'all' });
  const [sort, setSort] = useInboxSort();
  const [link, setLink] = useState<'connecting' | 'live' | 'reconnecting'>('connecting');
  const visible = usePageVisible();
  // Relative times stay true: re-read every 15 s.
  const now = useNow(15_000);

  const wide = useWideConsole();
  const [detailsOpen, toggleDetails] = useDetailsOpen();
  const location = useLocation();
  const navigate = useNavigate();
  const onDetails = params.get('pane') === 'details';

  // Opening a chat from the inbox (or its details) is a step the browser's
  // Back undoes; moving between chats replaces the address.
  const select = useCallback(
    (sessionId: string, messageId: string | null = null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('chat', sessionId);
          next.delete('pane');
          if (messageId) next.set('message', messageId);
          else next.delete('message');
          return next;
        },
        selectedId ? { replace: true } : { state: { consoleStep: true } },
      );
    },
    [setParams, selectedId],
  );
  const openDetails = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('pane', 'details');
        return next;
      },
      { state: { consoleStep: true } },
    );
  // Back a screen: the browser's own Back when the step was ours, else up from the address.
  const back = () => {
    if ((location.state as { consoleStep?: boolean } | null)?.consoleStep) return void navigate(-1);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (next.get('pane')) next.delete('pane');
        else ['chat', 'message'].forEach((key) => next.delete(key));
        return next;
      },
      { replace: true },
    );
  };

  // A search result names its message: once the conversation shows it,
  // scroll it into view and mark it.
  const messageId = params.get('message');
  useEffect(() => {
    if (!messageId) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      const found = document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
      tries += 1;
      if (found) {
        found.scrollIntoView?.({ block: 'center' });
        found.classList.add('ring-2', 'ring-brand', 'rounded-md');
        found.setAttribute('aria-current', 'true');
      }
      if (found || tries > 50) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [messageId, selectedId]);

  // Sounds, notifications, highlights and the title count (settings: Alerts in the top bar).
  const alerts = useConsoleAlerts(selectedId, select);

  // An inbox_update arrives for every message of every chat and carries only
  // the chat's id and a reason. The chats named in a burst are fetched one
  // summary each and put into the cached inbox lists (applyInboxSummaries),
  // not the whole inbox refetched per event; the fetches are coalesced (at
  // most one round in flight, at most one per 500 ms). After a (re)connect,
  // or a burst naming more chats than a list is worth, the lists reload.
  const inboxRefresh = useRef<CoalescedTask | null>(null);
  const namedChats = useRef(new Set<string>());
  const reloadLists = useRef(false);
  const myId = useRef<string | undefined>(undefined);
  myId.current = user?.id;
  const openChatId = useRef(selectedId);
  openChatId.current = selectedId;
  useEffect(() => {
    const task = new CoalescedTask(async () => {
      const sessions = [...namedChats.current];
      namedChats.current.clear();
      if (reloadLists.current || sessions.length > 50) {
        reloadLists.current = false;
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: agentChatListsKey }),
          queryClient.invalidateQueries({ queryKey: stateCountsKey }),
          ...sessions.map((id) => queryClient.invalidateQueries({ queryKey: agentChatQueryKey(id) })),
        ]);
      }
      // The counts per state move only when a chat's state does (or a chat is new).
      const statesBefore = new Map(
        sessions.map((id) => [id, queryClient.getQueryData<ChatSummary>(agentChatQueryKey(id))?.state]),
      );
      const fetched = await Promise.allSettled(
        sessions.map((id) => queryClient.fetchQuery({ ...agentChatQueryOptions(id), staleTime: 0 })),
      );
      const summaries = fetched.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      applyInboxSummaries(queryClient, summaries, myId.current);
      if (summaries.some((chat) => statesBefore.get(chat.sessionId) !== chat.state)) {
        void queryClient.invalidateQueries({ queryKey: stateCountsKey });
      }
    });
    inboxRefresh.current = task;
    return () => {
      task.dispose();
      if (inboxRefresh.current === task) inboxRefresh.current = null;
    };
  }, [queryClient]);
  const refreshInbox = (sessionId?: string) => {
    if (sessionId) namedChats.current.add(sessionId);
    else reloadLists.current = true;
    inboxRefresh.current?.request();
  };

  useEffect(() => liveSocket().joinAgents(), []);
  useLiveSocket((event) => {
    // After a (re)connect the socket re-sends its joins; the answers to them
    // (agents_joined, session_joined) are when the views refetch.
    if (event.type === 'close') return setLink('reconnecting');
    if (event.type !== 'frame') return;
    const { frame } = event;
    switch (frame.type) {
      case 'agents_joined':
        setLink('live');
        refreshInbox();
        break;
      case 'new_message':
        // The open chat is joined: its row follows its messages (the inbox
        // update about them reads nothing).
        if (frame.sessionId === openChatId.current) {
          patchInboxRow(queryClient, frame.sessionId, (row) => rowWithMessage(row, frame.message), myId.current);
        }
        break;
      case 'inbox_update': {
        const { unreadCount } = frame;
        const patched =
          (frame.reason === 'read' &&
            unreadCount !== undefined &&
            patchInboxRow(queryClient, frame.sessionId, (row) => (row.unreadCount === unreadCount ? row : { ...row, unreadCount }), myId.current)) ||
          (frame.reason === 'new_message' && frame.sessionId === openChatId.current && cachedInboxRow(queryClient, frame.sessionId) !== undefined);
        if (!patched) refreshInbox(frame.sessionId);
        // Replies emailed, held or bounced: the chat's email state, and the
        // open chat's messages (their "Emailed" marks).
        if (frame.reason === 'email') {
          void queryClient.invalidateQueries({ queryKey: chatEmailKey(frame.sessionId) });
          if (frame.sessionId === openChatId.current) {
            void queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey(frame.sessionId) });
          }
        }
        // Notes, the assignment trail and state changes are on the agents' side only.
        if (frame.reason === 'note' || frame.reason === 'assignment' || frame.reason === 'status' || frame.reason === 'returned') {
          void queryClient.invalidateQueries({ queryKey: chatNotesKey(frame.sessionId) });
        }
        // The team's open chats change with chats started, taken, resolved
        // or reopened (status), not with each message or read.
        if (
          frame.reason === 'new_session' ||
          frame.reason === 'assignment' ||
          frame.reason === 'status' ||
          frame.reason === 'returned'
        ) {
          void queryClient.invalidateQueries({ queryKey: agentTeamKey });
        }
        break;
      }
      default:
        break;
    }
  });
  // The open chat's messages are applied as they arrive, and refetched with
  // its summary after a (re)join or on returning with the socket down.
  const refetchOpenChat = useCallback(
    (sessionId: string) => void queryClient.invalidateQueries({ queryKey: agentChatQueryKey(sessionId) }),
    [queryClient],
  );
  useLiveChatMessages(selectedId, refetchOpenChat);
  useResyncOnReturn(() => refreshInbox());

  // Keyboard shortcuts (the `?` overlay lists them): j/k move through the
  // inbox as shown, e/u resolve with undo, s searches, the rest act on the open chat.
  const [helpOpen, setHelpOpen] = useState(false);
  const inbox = useAgentChats(filters);
  const alarmMinutes = useSiteSettings().firstReplyAlertMinutes;
  const pendingResolve = usePendingResolve();
  const { start: startResolve, undo: undoResolve } = pendingResolve;
  const openChat = useAgentChat(selectedId);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (helpOpen) return;
      const key = shortcutOf(event);
      if (!key) return;
      event.preventDefault();
      if (key === '?') return setHelpOpen(true);
      if (key === 'j' || key === 'k') {
        const rows = sortInbox(inbox.data ?? [], sort, Date.now(), alarmMinutes);
        const at = rows.findIndex((chat) => chat.sessionId === selectedId);
        const next = rows[at === -1 ? 0 : Math.min(Math.max(at + (key === 'j' ? 1 : -1), 0), rows.length - 1)];
        if (next) select(next.sessionId);
        return;
      }
      if (key === 'u') return undoResolve();
      if (key === 's') return document.getElementById('chat-search')?.focus();
      if (!selectedId) return;
      if (key === 'e') {
        const chat = openChat.data;
        if (chat?.sessionId === selectedId && chat.status === 'open') startResolve(selectedId, chat.visitorName);
        return;
      }
      const command = (
        { r: 'reply', '/': 'canned', n: 'note', a: 'assign', o: 'reopen', t: 'transfer', d: 'details' } as const
      )[key as 'r'];
      if (command) sendConsoleCommand(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [helpOpen, inbox.data, selectedId, select, sort, alarmMinutes, startResolve, undoResolve, openChat.data]);

  // The open chat is seen while the agent can see it (its conversation on screen, the tab visible):
  // a receipt over the socket, which also clears its unread count.
  useReceipts(selectedId, 'agent', visible && (wide || !onDetails));

  const linkText = link === 'live' ? 'Live updates on' : link === 'connecting' ? 'Connecting…' : 'Connection lost, reconnecting…';
  // On a phone: the inbox, or the open chat, or its details.
  const showInbox = wide || !selectedId;
  return (
    <div className="flex h-full min-h-0">
      <PageMeta title={alerts.title(`${section.title} | ${site.company}`)} description={section.description} />
      <h1 className="sr-only">{section.title}</h1>
      <AdminToolbar>
        <p role="status" className="flex shrink-0 items-center gap-1.5 text-xs text-gray-700 dark:text-gray-300">
          <span
            aria-hidden="true"
            className={cn('h-2 w-2 rounded-full', link === 'live' ? 'bg-green-600' : link === 'connecting' ? 'bg-gray-400' : 'bg-red-600')}
          />
          <span className={cn(link === 'live' && 'sr-only xl:not-sr-only')}>{linkText}</span>
        </p>
        <AgentStatusSelect />
        <AlertSettingsButton />
        <div className="min-w-0 flex-1 lg:max-w-md">
          <ChatSearch onSelect={select} />
        </div>
        <button
          type="button"
          className="hidden h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100 sm:inline-flex dark:text-gray-200 dark:hover:bg-gray-800"
          onClick={() => setHelpOpen(true)}
          aria-keyshortcuts="?"
          title="Keyboard shortcuts (?)"
        >
          <Keyboard className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only 2xl:not-sr-only">Keyboard shortcuts</span>
        </button>
      </AdminToolbar>
      {showInbox && (
        <div className="flex min-h-0 w-full shrink-0 flex-col border-gray-200 lg:w-80 lg:border-r xl:w-96 dark:border-gray-800">
          <ConsoleAlertsContext.Provider value={alerts}>
            <ChatInbox
              filters={filters}
              onFiltersChange={setFilters}
              sort={sort}
              onSortChange={setSort}
              selectedId={selectedId}
              onSelect={select}
              now={now}
            />
          </ConsoleAlertsContext.Provider>
        </div>
      )}
      {selectedId ? (
        <ChatConsoleConversation
          key={selectedId}
          sessionId={selectedId}
          view={wide ? 'wide' : onDetails ? 'details' : 'conversation'}
          detailsOpen={detailsOpen}
          onToggleDetails={toggleDetails}
          onOpenDetails={openDetails}
          onBack={back}
        />
      ) : (
        wide && (
          <div className="flex flex-1 items-center justify-center bg-gray-50 p-6 text-sm text-gray-700 dark:bg-gray-950 dark:text-gray-300">
            Select a chat to read it and reply.
          </div>
        )
      )}
      <ConsoleShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <ResolveUndoBar pending={pendingResolve.pending} onUndo={undoResolve} />
    </div>
  );
}

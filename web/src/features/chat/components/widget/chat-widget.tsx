// The visitor's chat panel (lazily loaded): the start form, or the live conversation.
// Its texts are the `widget` area, which the launcher loads with it.

import 'virtual:catalog/en/widget';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { RequestError } from '@/lib/api-client';
import { useToastsClearOf } from '@/lib/toast-placement';
import { useLiveChatMessages } from '@/features/chat/lib/use-live-chat-messages';
import { usePageVisible } from '@/features/chat/lib/use-page-visible';
import { useReceipts } from '@/features/chat/lib/use-receipts';
import { useJoinedSession, useLiveSocket } from '@/features/chat/lib/live-socket';
import { chatSessionQueryKey, useChatSession } from '@/features/chat/api/get-chat-session';
import { ChatConversation } from './chat-conversation';
import { chatPanelClass } from '../../lib/chat-panel-class';
import { ChatStartForm } from './chat-start-form';
import { fullScreenHeaderClass, fullScreenPanelClass, keepFocusInside, useFullScreen, useFullScreenPanel } from '../../lib/full-screen-panel';
import { readStoredChat, writeStoredChat, type StoredChat } from '../../lib/chat-storage';

export interface ChatWidgetProps {
  open: boolean;
  onClose: () => void;
  /** An agent or system message arrived while the panel was closed. */
  onUnread: () => void;
}

export default function ChatWidget({ open, onClose, onUnread }: ChatWidgetProps) {
  const [stored, setStored] = useState<StoredChat | null>(readStoredChat);
  const sessionId = stored?.sessionId ?? null;
  const session = useChatSession(sessionId);
  const queryClient = useQueryClient();
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  const remember = useCallback((next: StoredChat) => {
    writeStoredChat(next);
    setStored(next);
  }, []);

  const forgetSession = useCallback(() => {
    const current = readStoredChat() ?? stored;
    remember({ visitorName: current?.visitorName ?? '', visitorEmail: current?.visitorEmail ?? '', sessionId: null });
  }, [remember, stored]);

  // A chat that is not ours (any more) or unknown: back to the start form.
  const notFound = session.error instanceof RequestError && session.error.status === 404;
  useEffect(() => {
    if (notFound) forgetSession();
  }, [notFound, forgetSession]);

  useJoinedSession(sessionId);
  const refetchSession = useCallback(
    (id: string) => void queryClient.invalidateQueries({ queryKey: chatSessionQueryKey(id) }),
    [queryClient],
  );
  // Messages go into the cache as they arrive; the list and the chat are
  // refetched only after a (re)join or on returning with the socket down.
  useLiveChatMessages(sessionId, refetchSession);
  // The visitor has the chat in view while the panel is open and the tab visible.
  const visible = usePageVisible();
  useReceipts(sessionId, 'user', open && visible);
  useLiveSocket((event) => {
    if (!sessionId || event.type !== 'frame') return;
    const { frame } = event;
    if (frame.type === 'new_message' && frame.sessionId === sessionId) {
      // System messages announce joins, resolves and reopens, and an agent's
      // first answer connects: the status line may have changed.
      const { senderType } = frame.message;
      const line = queryClient.getQueryData<WidgetChat>(chatSessionQueryKey(sessionId))?.line;
      if (senderType === 'system' || (senderType === 'agent' && line?.kind !== 'connected')) refetchSession(sessionId);
      if (!openRef.current && frame.message.senderType !== 'user') onUnread();
    }
  }, Boolean(sessionId));

  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const field = panel?.querySelector<HTMLElement>('input, textarea');
    (field ?? panel)?.focus();
  }, [open]);
  // Once the chat is there, typing goes into it: the start form that had the
  // focus is gone (keyboard users were left on <body>).
  const shownChat = session.data?.sessionId;
  useEffect(() => {
    if (!shownChat) return;
    panelRef.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [shownChat]);
  // On a phone the open panel is the whole screen (a modal); elsewhere it floats beside the page.
  const fullScreen = useFullScreen();
  useFullScreenPanel(panelRef, open && fullScreen);
  useToastsClearOf(panelRef, open);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (fullScreen && panelRef.current) {
      keepFocusInside(event, panelRef.current);
    }
  };

  const started = (chat: WidgetChat, visitorName: string, visitorEmail: string) => {
    // The start's answer is the chat: no second read before the message box shows.
    queryClient.setQueryData(chatSessionQueryKey(chat.sessionId), chat);
    remember({ sessionId: chat.sessionId, visitorName, visitorEmail });
  };

  let body;
  if (!sessionId || notFound) {
    body = <ChatStartForm initialName={stored?.visitorName ?? ''} initialEmail={stored?.visitorEmail ?? ''} onStarted={started} />;
  } else if (session.isPending) {
    body = (
      <div role="status" className="flex flex-1 items-center justify-center gap-3 text-sm">
        <Spinner className="h-5 w-5 text-brand" />
        <span>{t('widget.loading')}</span>
      </div>
    );
  } else if (session.isError) {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm">
        <p role="alert">{session.error.message}</p>
        <Button variant="secondary" onClick={() => void session.refetch()}>
          {t('widget.tryAgain')}
        </Button>
      </div>
    );
  } else {
    body = <ChatConversation session={session.data} onNewChat={forgetSession} />;
  }

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      aria-modal={fullScreen ? true : undefined}
      data-screen={fullScreen ? 'full' : 'float'}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={`${chatPanelClass} ${fullScreenPanelClass}`}
    >
      {/* A div, not <header>: inside a dialog a header is still a page-level banner landmark. */}
      <div className={`flex shrink-0 items-center justify-between gap-2 bg-brand-dark px-4 py-3 text-white ${fullScreenHeaderClass}`}>
        <h2 id={titleId} className="text-base font-semibold">
          {t('widget.title', { company: site.company })}
        </h2>
        <button
          type="button"
          aria-label={t('widget.close')}
          onClick={onClose}
          className="-m-1 rounded p-2 hover:bg-white/20 focus-visible:outline-white"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      {body}
    </section>
  );
}

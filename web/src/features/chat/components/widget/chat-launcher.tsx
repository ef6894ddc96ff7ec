// The only part of the chat in the initial bundle: a round button. The panel
// (with the socket and the chat API) is a separate chunk loaded on first open,
// or at once when a stored chat is to be restored.

import { MessageCircle } from 'lucide-react';
import { Component, lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { loadArea, t } from '@/i18n/i18n';
import { toast } from '@/lib/toast-store';
import { withQueries } from '@/lib/with-queries';
import { chatPanelClass } from '../../lib/chat-panel-class';
import { hasStoredSession, readStoredChat, writeStoredChat } from '../../lib/chat-storage';

// The panel's texts (the `widget` area) arrive with its code, in the page's language.
// With the query client, which the entry script does not carry (lib/with-queries).
const ChatWidget = lazy(withQueries(() => Promise.all([import('./chat-widget'), loadArea('widget')]).then(([panel]) => panel)));


/** Shown only if the panel's chunk cannot be loaded. */
class ChunkBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The launcher's accessible name, counting replies that came while it was closed. */
export function launcherLabel(unread: number): string {
  if (unread === 0) return t('launcher.open');
  return t('launcher.openUnread', { count: unread });
}

const chatIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the site says when a reply email's link to a chat no longer works. */
export function chatLinkInvalid() {
  return { title: t('launcher.linkInvalid.title'), description: t('launcher.linkInvalid.description') };
}

/**
 * `?chat=<id>`: a reply email's "Continue the chat" link (the gateway has
 * let this browser into the chat) opens that chat; `?chat-link=invalid`
 * says the link did not work. Either way the panel opens and the address
 * loses the parameter. Returns the chat opened this way, to remount the
 * panel on it.
 */
function useChatFromLink(openPanel: () => void): string | null {
  const [params, setParams] = useSearchParams();
  const [linked, setLinked] = useState<string | null>(null);
  const chat = params.get('chat');
  const invalid = params.get('chat-link') === 'invalid';
  useEffect(() => {
    if (!chat && !invalid) return;
    if (chat && chatIdPattern.test(chat)) {
      const stored = readStoredChat();
      writeStoredChat({ visitorName: stored?.visitorName ?? '', visitorEmail: stored?.visitorEmail ?? '', sessionId: chat });
      setLinked(chat);
    } else {
      toast({ ...chatLinkInvalid(), variant: 'destructive' });
    }
    setParams(
      (current) => {
        current.delete('chat');
        current.delete('chat-link');
        return current;
      },
      { replace: true },
    );
    openPanel();
  }, [chat, invalid, setParams, openPanel]);
  return linked;
}

export function ChatLauncher() {
  const [loaded, setLoaded] = useState(hasStoredSession);
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const openPanel = useCallback(() => {
    setLoaded(true);
    setUnread(0);
    setOpen(true);
  }, []);
  const linkedChat = useChatFromLink(openPanel);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  const onUnread = useCallback(() => setUnread((count) => count + 1), []);

  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  const toggle = () => {
    if (open) return close();
    openPanel();
  };

  return (
    <>
      <button
        ref={buttonRef}
        id="chat-launcher"
        type="button"
        aria-label={open ? t('launcher.close') : launcherLabel(unread)}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={toggle}
        className="fixed bottom-[calc(1.5rem+var(--bottom-inset,0px))] right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-dark text-white shadow-lg transition-colors hover:bg-brand sm:right-6"
      >
        <MessageCircle className="h-6 w-6" aria-hidden="true" />
        {unread > 0 && !open && (
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-green-700 px-1 text-xs font-bold text-white ring-2 ring-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      {loaded && (
        <ChunkBoundary
          fallback={
            open && (
              <div role="alert" className={`${chatPanelClass} items-center justify-center p-6 text-center text-sm`}>
                {t('launcher.loadFailed')}
              </div>
            )
          }
        >
          <Suspense
            fallback={
              open && (
                <div role="status" className={`${chatPanelClass} items-center justify-center gap-3`}>
                  <Spinner className="h-6 w-6 text-brand" />
                  <span>{t('launcher.loading')}</span>
                </div>
              )
            }
          >
            <ChatWidget key={linkedChat ?? 'stored'} open={open} onClose={close} onUnread={onUnread} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}

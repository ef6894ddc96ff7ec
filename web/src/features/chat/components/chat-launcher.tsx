// The only part of the chat in the initial bundle: a round button. The panel
// (with the socket and the chat API) is a separate chunk loaded on first open,
// or at once when a stored chat is to be restored.

import { MessageCircle } from 'lucide-react';
import { Component, lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { chatPanelClass } from './chat-panel-class';
import { hasStoredSession } from './chat-storage';

const ChatWidget = lazy(() => import('./chat-widget'));


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

export function ChatLauncher() {
  const [loaded, setLoaded] = useState(hasStoredSession);
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  const onUnread = useCallback(() => setUnread(true), []);

  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  const toggle = () => {
    if (open) return close();
    setLoaded(true);
    setUnread(false);
    setOpen(true);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={open ? 'Close chat' : 'Open chat'}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={toggle}
        className="fixed bottom-6 right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-dark text-white shadow-lg transition-colors hover:bg-brand sm:right-6"
      >
        <MessageCircle className="h-6 w-6" aria-hidden="true" />
        {unread && !open && (
          <span aria-hidden="true" className="absolute right-0 top-0 h-3.5 w-3.5 rounded-full bg-green-500 ring-2 ring-white" />
        )}
      </button>
      {loaded && (
        <ChunkBoundary
          fallback={
            open && (
              <div role="alert" className={`${chatPanelClass} items-center justify-center p-6 text-center text-sm`}>
                The chat could not be loaded. Please check your connection and reload the page.
              </div>
            )
          }
        >
          <Suspense
            fallback={
              open && (
                <div role="status" className={`${chatPanelClass} items-center justify-center gap-3`}>
                  <Spinner className="h-6 w-6 text-brand" />
                  <span>Loading chat...</span>
                </div>
              )
            }
          >
            <ChatWidget open={open} onClose={close} onUnread={onUnread} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}

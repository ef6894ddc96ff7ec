// A joined chat's message list, kept current from the live socket without
// refetching the whole history for every message.

import { useQueryClient } from '@tanstack/react-query';
import { useLiveSocket } from '@/features/chat/lib/live-socket';
import { applyNewMessage, applyReceipt, applyReplay, refetchChatMessages } from './chat-cache';
import { useResyncOnReturn } from './use-resync-on-return';

/**
 * Applies each `new_message` and `receipt` frame of `sessionId` to its cached
 * message list, and what a rejoin missed (`session_joined` after a reconnect
 * names the newest message held, and its answer carries what came after).
 * The list is refetched only when that could not be replayed (a first join,
 * a gap too old) and when the tab comes back with the socket down. `onResync`
 * refreshes at those moments, and after a replay that missed anything,
 * whatever else the view shows of the chat.
 */
export function useLiveChatMessages(sessionId: string | null | undefined, onResync?: (sessionId: string) => void): void {
  const queryClient = useQueryClient();
  const resync = () => {
    if (!sessionId) return;
    void refetchChatMessages(queryClient, sessionId);
    onResync?.(sessionId);
  };

  useLiveSocket((event) => {
    if (event.type !== 'frame' || !sessionId) return;
    const { frame } = event;
    if (frame.type === 'new_message' && frame.sessionId === sessionId) applyNewMessage(queryClient, frame.message);
    else if (frame.type === 'receipt' && frame.sessionId === sessionId) applyReceipt(queryClient, frame);
    else if (frame.type === 'session_joined' && frame.sessionId === sessionId) {
      const { resume } = frame;
      // The join named the newest message held: the answer has what came after.
      if (resume?.kind === 'replayed' && applyReplay(queryClient, sessionId, resume.missed, resume.receipts)) {
        if (resume.missed.length > 0) onResync?.(sessionId);
      } else resync();
    }
  }, Boolean(sessionId));

  useResyncOnReturn(resync, Boolean(sessionId));
}

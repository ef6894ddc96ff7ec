// A joined chat's message list, kept current from the live socket without
// refetching the whole history for every message.

import { useQueryClient } from '@tanstack/react-query';
import { useLiveSocket } from '@/features/chat/lib/live-socket';
import { applyNewMessage, refetchChatMessages } from './chat-cache';
import { useResyncOnReturn } from './use-resync-on-return';

/**
 * Applies each `new_message` frame of `sessionId` to its cached message list,
 * and refetches the list only when frames may have been missed: on
 * `session_joined` (which follows every (re)connect, as the socket re-sends
 * its joins) and when the tab comes back with the socket down. `onResync`
 * refreshes at those moments whatever else the view shows of the chat.
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
    else if (frame.type === 'session_joined' && frame.sessionId === sessionId) resync();
  }, Boolean(sessionId));

  useResyncOnReturn(resync, Boolean(sessionId));
}

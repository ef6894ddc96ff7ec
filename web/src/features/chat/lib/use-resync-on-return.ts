// Coming back to a tab whose live socket is down: what the page shows may be
// stale (frames were missed, and browsers hold back a hidden tab's reconnect
// timer), so the views refetch and the socket reconnects now, once for all.

import { useEffect, useRef } from 'react';
import { liveSocket } from '@/features/chat/lib/live-socket';

const resyncs = new Set<() => void>();

function onVisibilityChange() {
  if (document.hidden) return;
  const socket = liveSocket();
  // A socket that stayed up (or came back while hidden, and re-joined) missed nothing.
  if (socket.connected) return;
  for (const resync of [...resyncs]) resync();
  socket.reconnectNow();
}

/**
 * Calls `resync` when the tab becomes visible again while the live socket is
 * not connected (the latest `resync` wins), and then reconnects the socket.
 */
export function useResyncOnReturn(resync: () => void, enabled = true): void {
  const latest = useRef(resync);
  useEffect(() => {
    latest.current = resync;
  });
  useEffect(() => {
    if (!enabled) return;
    const entry = () => latest.current();
    if (resyncs.size === 0) document.addEventListener('visibilitychange', onVisibilityChange);
    resyncs.add(entry);
    return () => {
      resyncs.delete(entry);
      if (resyncs.size === 0) document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [enabled]);
}

// Sends this side's receipts for a joined chat: "delivered" once the other
// side's newest message is on this device (the cached list, or a frame when
// no list is loaded), "seen" once it is in view. One frame per change,
// gathered for 150 ms, so reading 50 messages costs one receipt. A frame the
// socket could not send goes after the next (re)connect; one it sent but the
// server did not store (a gateway gone) goes again then, as the refetched
// list still lacks it.

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { chatMessagesQueryOptions } from '../api/get-chat-messages';
import { liveSocket, useLiveSocket } from './live-socket';
import { receiptToSend, type Reader } from './receipts';

const gatherMs = 150;

export function useReceipts(sessionId: string | null | undefined, reader: Reader, inView: boolean): void {
  // Reads the cached list without fetching it (the views that show it do).
  const { data: messages } = useQuery({ ...chatMessagesQueryOptions(sessionId ?? ''), enabled: false });
  // What was sent since the socket last opened, so a frame goes once.
  const sent = useRef(new Set<string>());
  const [connection, setConnection] = useState(0);
  // With no list loaded (the widget closed since a reload), a frame is what the device has.
  const [framed, setFramed] = useState<string | null>(null);

  useLiveSocket((event) => {
    if (event.type === 'open') {
      sent.current.clear();
      setConnection((n) => n + 1);
    } else if (event.type === 'frame' && event.frame.type === 'new_message' && event.frame.sessionId === sessionId) {
      const { message } = event.frame;
      if (message.senderType !== reader && message.senderType !== 'system') setFramed(message.id);
    }
  }, Boolean(sessionId));

  useEffect(() => {
    if (!sessionId) return;
    const receipt = messages
      ? receiptToSend(messages, reader, inView)
      : framed && !inView
        ? ({ state: 'delivered', through: framed } as const)
        : null;
    if (!receipt) return;
    const key = `${receipt.state}:${receipt.through}`;
    if (sent.current.has(key)) return;
    const timer = window.setTimeout(() => {
      if (liveSocket().send({ type: 'receipt', sessionId, ...receipt })) sent.current.add(key);
    }, gatherMs);
    return () => window.clearTimeout(timer);
  }, [sessionId, reader, inView, messages, framed, connection]);
}

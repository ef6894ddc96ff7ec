// Whether the other side of a chat is typing: shown on a typing frame from
// `from`, hidden on isTyping false, after 5 s without a frame, or when their
// message arrives.

import { useEffect, useRef, useState } from 'react';
import type { SenderType } from '@/api-types/SenderType';
import { useLiveSocket } from '@/features/chat/lib/live-socket';

export const typingIndicatorTimeoutMs = 5000;

export function useTypingIndicator(sessionId: string | null | undefined, from: SenderType): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  useLiveSocket((event) => {
    if (event.type !== 'frame' || !sessionId) return;
    const { frame } = event;
    if (frame.type === 'typing' && frame.sessionId === sessionId && frame.senderType === from) {
      clear();
      setTyping(frame.isTyping);
      if (frame.isTyping) timer.current = setTimeout(() => setTyping(false), typingIndicatorTimeoutMs);
    } else if (frame.type === 'new_message' && frame.sessionId === sessionId && frame.message.senderType === from) {
      clear();
      setTyping(false);
    }
  }, Boolean(sessionId));

  useEffect(() => {
    setTyping(false);
    return clear;
  }, [sessionId]);

  return typing;
}

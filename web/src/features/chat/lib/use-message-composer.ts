// The reply box's behaviour, shared by the visitor widget and the agent console:
// Enter sends, Shift+Enter adds a line, typing frames while typing, text kept on
// failure, and the server's reason when it refuses a message (shown until the next edit).

import { useCallback, useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { refusalMessage } from '@/lib/api-client';
import { liveSocket } from '@/features/chat/lib/live-socket';
import { canSendMessage } from './message-format';
import { MessageIds } from './message-ids';
import { useSendChatMessage } from '../api/send-chat-message';
import { TypingNotifier } from './typing-notifier';

export function useMessageComposer(sessionId: string | null | undefined) {
  const [text, setText] = useState('');
  const send = useSendChatMessage();
  // A retry of a failed send carries the same id, so it is never stored twice.
  const [messageIds] = useState(() => new MessageIds());

  const notifier = useMemo(
    () =>
      new TypingNotifier({
        send: (isTyping) => {
          if (sessionId) liveSocket().send({ type: 'typing', sessionId, isTyping });
        },
      }),
    [sessionId],
  );
  useEffect(() => () => notifier.stop(), [notifier]);

  const sending = send.isPending;
  const canSend = Boolean(sessionId) && canSendMessage(text, sending);

  const submit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      if (!sessionId || !canSendMessage(text, sending)) return;
      notifier.stop();
      const message = text.trim();
      send.mutate(
        { sessionId, message, clientMessageId: messageIds.forText(message) },
        {
          onSuccess: () => {
            messageIds.sent();
            // Keep anything typed while the message was on its way.
            setText((current) => (current === text ? '' : current));
          },
        },
      );
    },
    [messageIds, notifier, send, sending, sessionId, text],
  );

  const problem = refusalMessage(send.error);
  const { reset, isError } = send;
  const onChange = useCallback(
    (value: string) => {
      setText(value);
      // Only a failed send is reset: resetting one in flight would drop its success handler.
      if (isError) reset();
      if (value.trim()) notifier.input();
      else notifier.stop();
    },
    [notifier, reset, isError],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
      event.preventDefault();
      submit();
    },
    [submit],
  );

  return { text, onChange, onKeyDown, submit, sending, canSend, problem };
}

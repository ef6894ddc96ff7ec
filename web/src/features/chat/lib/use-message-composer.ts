// The reply box's behaviour, shared by the visitor widget and the agent console:
// Enter sends, Shift+Enter adds a line, typing frames while typing, text kept on
// failure, and the server's reason when it refuses a message (shown until the next edit).
// A file attached (button, paste or drop) uploads at once and goes with the next
// message, which may then have no text.

import { useCallback, useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { refusalMessage } from '@/lib/api-client';
import { liveSocket } from '@/features/chat/lib/live-socket';
import { canSendMessage, maxMessageLength } from './message-format';
import { MessageIds } from './message-ids';
import { useSendChatMessage } from '../api/send-chat-message';
import { TypingNotifier } from './typing-notifier';
import { useAttachmentDraft } from './use-attachment-draft';

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

  const { draft, attach, remove } = useAttachmentDraft(sessionId);
  const attachment = draft?.status === 'ready' ? draft.attachment : null;
  const sending = send.isPending;
  const ready =
    draft?.status !== 'uploading' &&
    (canSendMessage(text, sending) || (attachment !== null && !sending && text.trim().length <= maxMessageLength));
  const canSend = Boolean(sessionId) && ready;

  const submit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      if (!sessionId || !ready) return;
      notifier.stop();
      const message = text.trim();
      const attachmentId = attachment?.id;
      send.mutate(
        { sessionId, message, attachmentId, clientMessageId: messageIds.forText(`${message}\u0000${attachmentId ?? ''}`) },
        {
          onSuccess: () => {
            messageIds.sent();
            if (attachmentId) remove();
            // Keep anything typed while the message was on its way.
            setText((current) => (current === text ? '' : current));
          },
        },
      );
    },
    [attachment, messageIds, notifier, ready, remove, send, sessionId, text],
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

  return { text, onChange, onKeyDown, submit, sending, canSend, problem, draft, attach, removeAttachment: remove };
}

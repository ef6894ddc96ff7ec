// The reply box's behaviour, shared by the visitor widget and the agent console:
// Enter sends, Shift+Enter adds a line, typing frames while typing, and the
// text kept in this browser until it is sent (a reload keeps it). Sending puts
// the message in the outbox (./outbox.ts), which shows it as "Sending…" and
// sends it, resending on its own until the server stores it; a message the
// server refuses comes back to the box to be edited, or is discarded.
// A file attached (button, paste or drop) uploads at once and goes with the
// next message, which may then have no text.

import { useCallback, useEffect, useMemo, type FormEvent, type KeyboardEvent } from 'react';
import { liveSocket } from '@/features/chat/lib/live-socket';
import { canSendMessage, maxMessageLength } from './message-format';
import { newClientMessageId, type OutboxEntry } from './outbox';
import { TypingNotifier } from './typing-notifier';
import { useAttachmentDraft } from './use-attachment-draft';
import { useOutbox } from './use-outbox';
import { useStoredDraft } from './use-stored-draft';

export function useMessageComposer(sessionId: string | null | undefined) {
  const [text, setText] = useStoredDraft(sessionId);
  const outbox = useOutbox(sessionId);

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
  const ready =
    draft?.status !== 'uploading' &&
    draft?.status !== 'preparing' &&
    (canSendMessage(text) || (attachment !== null && text.trim().length <= maxMessageLength));
  const canSend = Boolean(sessionId) && ready;

  const { add, discard } = outbox;
  const submit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      if (!sessionId || !ready) return;
      notifier.sent();
      add({
        clientMessageId: newClientMessageId(),
        sessionId,
        message: text.trim(),
        attachment,
        typedAt: new Date().toISOString(),
        problem: null,
      });
      if (attachment) remove();
      setText('');
    },
    [add, attachment, notifier, ready, remove, sessionId, setText, text],
  );

  /** A refused message back in the box (its file, if any, is not: attach it again). */
  const edit = useCallback(
    (entry: OutboxEntry) => {
      discard(entry.clientMessageId);
      setText((current) => (current.trim() ? `${entry.message}\n${current}` : entry.message));
    },
    [discard, setText],
  );

  const onChange = useCallback(
    (value: string) => {
      setText(value);
      if (value.trim()) notifier.input();
      else notifier.stop();
    },
    [notifier, setText],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
      event.preventDefault();
      submit();
    },
    [submit],
  );

  return {
    text,
    onChange,
    onKeyDown,
    submit,
    canSend,
    draft,
    attach,
    removeAttachment: remove,
    pending: outbox.pending,
    discard,
    edit,
  };
}

export type MessageComposer = ReturnType<typeof useMessageComposer>;

// The scrolling message list of a chat, shared by the visitor widget and the
// agent console: loading and error states, the viewer's own messages on the
// right, the other side's on the left, system notices centred, and a typing
// line. It keeps the newest message in view. Text the people in the chat wrote
// (messages, names) sits in <bdi>, so right-to-left text or a stray bidi control
// such as U+202E cannot reorder the name, time or typing line around it. The
// console adds agent-only entries (private notes, the assignment trail) with
// `interleave`. Under each of the viewer's messages, where it is (sent,
// delivered, seen: message-status.tsx).
// Its texts are the widget's (`widget` area); the console shows them in English.

import 'virtual:catalog/en/widget';
import { useEffect, useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { formatMessageTime } from '@/features/chat/lib/message-format';
import { MessageAttachmentView } from './attachments/message-attachment';
import { messageSenderName } from '@/features/chat/lib/sender-name';
import type { OutboxEntry } from '@/features/chat/lib/outbox';
import { PendingMessage } from './pending-message';
import { MessageEmailMark, MessageStatusMark } from './message-status';

type Side = 'user' | 'agent';

/** Puts the rendered messages in order, with any other entries among them (see `interleave`). */
export type Interleave = {
  /** How many entries it adds (the log keeps the newest in view as they come). */
  count: number;
  arrange: (messages: ChatMessage[], render: (message: ChatMessage) => ReactNode) => ReactNode[];
};

const eachMessage: Interleave['arrange'] = (messages, render) => messages.map(render);

export function ChatMessageLog({
  messages,
  own,
  senderName,
  visibleNames,
  emptyText,
  typingText,
  className,
  interleave,
  pending,
}: {
  messages: UseQueryResult<ChatMessage[], Error>;
  /** Whose messages are the viewer's own (drawn on the right, in brand colour). */
  own: Side;
  /** The label of a side; an agent message with a stored display name shows that instead. */
  senderName: (sender: Side) => string;
  /**
   * Show sender names above bubbles (console) or only to screen readers
   * (widget; the other side's display name still shows, so the visitor
   * sees who answers).
   */
  visibleNames: boolean;
  emptyText: string;
  /** "… is typing" while the other side types, else null. */
  typingText: string | null;
  className?: string;
  /** Other entries shown among the messages (the console's private notes). */
  interleave?: Interleave;
  /** The viewer's messages not stored yet (the outbox), after the stored ones. */
  pending?: {
    entries: OutboxEntry[];
    onEdit: (entry: OutboxEntry) => void;
    onDiscard: (clientMessageId: string) => void;
  };
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // Whether the reader is at the newest message (and so should stay there).
  const atEnd = useRef(true);
  // A message stored while its send's answer is on the way shows once: as stored.
  const storedIds = new Set(messages.data?.map((m) => m.clientMessageId));
  const unsent = pending?.entries.filter((entry) => !storedIds.has(entry.clientMessageId)) ?? [];
  const count = (messages.data?.length ?? 0) + (interleave?.count ?? 0) + unsent.length;
  // The newest of the viewer's stored messages says where it is in words.
  const newestOwnId = [...(messages.data ?? [])].reverse().find((m) => m.senderType === own)?.id;
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    atEnd.current = true;
  }, [count, typingText]);
  // The content grows after the scroll was set (an image, a font, a note
  // loading late): a reader at the newest message stays there; one who
  // scrolled back is left where they are.
  const loaded = messages.data !== undefined;
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => {
      atEnd.current = list.scrollHeight - list.scrollTop - list.clientHeight <= 24;
    };
    list.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => {
      if (atEnd.current) list.scrollTop = list.scrollHeight;
    });
    for (const child of list.children) observer.observe(child);
    return () => {
      list.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [loaded, typingText]);

  return (
    // Focusable, so a keyboard can scroll back through a long chat (axe scrollable-region-focusable).
    <div ref={listRef} tabIndex={0} data-chat-log className={cn('overflow-y-auto', className)}>
      {messages.isPending && (
        <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm">
          <Spinner className="h-4 w-4 text-brand" />
          <span>{t('widget.log.loading')}</span>
        </div>
      )}
      {messages.isError && (
        <div className="py-8 text-center text-sm">
          <p role="alert" className="text-red-700 dark:text-red-300">
            {messages.error.message}
          </p>
          <Button variant="secondary" className="mt-2" onClick={() => void messages.refetch()}>
            {t('widget.tryAgain')}
          </Button>
        </div>
      )}
      {/* Unsent messages show even while the history cannot load (offline). */}
      {(messages.data || unsent.length > 0) && (
        <div role="log" aria-live="polite" aria-label={t('widget.log.label')}>
          <ol className="flex flex-col gap-3">
            {messages.data?.length === 0 && !interleave?.count && unsent.length === 0 && (
              <li className="text-center text-sm text-gray-600 dark:text-gray-300">{emptyText}</li>
            )}
            {(interleave?.arrange ?? eachMessage)(messages.data ?? [], (m) =>
              m.senderType === 'system' ? (
                <li key={m.id} data-message-id={m.id} className="mx-auto max-w-[90%] text-center text-xs text-gray-600 italic dark:text-gray-300">
                  <bdi>{m.message}</bdi> <span className="whitespace-nowrap">· {formatMessageTime(m.createdAt)}</span>
                </li>
              ) : (
                <li key={m.id} data-message-id={m.id} className={cn('flex flex-col', m.senderType === own ? 'items-end' : 'items-start')}>
                  <span
                    className={
                      visibleNames || (m.senderType !== own && m.senderName)
                        ? 'text-xs font-medium text-gray-600 dark:text-gray-300'
                        : 'sr-only'
                    }
                  >
                    <bdi>{messageSenderName(m, senderName(m.senderType))}</bdi>
                    <span className="sr-only">: </span>
                  </span>
                  {m.attachment && (
                    <div className="mb-1 max-w-[80%]">
                      <MessageAttachmentView attachment={m.attachment} />
                    </div>
                  )}
                  {(m.message || !m.attachment) && (
                    <p
                      className={cn(
                        'max-w-[80%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
                        m.senderType === own
                          ? 'bg-brand-dark text-white'
                          : 'bg-gray-100 text-gray-900 dark:bg-gray-700 dark:text-gray-100',
                      )}
                    >
                      <bdi>{m.message}</bdi>
                    </p>
                  )}
                  <span className="mt-0.5 flex items-center gap-1.5 text-xs text-gray-600 dark:text-gray-300">
                    <time dateTime={m.createdAt}>{formatMessageTime(m.createdAt)}</time>
                    <MessageEmailMark message={m} />
                    {m.senderType === own && <MessageStatusMark message={m} labelled={m.id === newestOwnId} />}
                  </span>
                </li>
              ),
            )}
            {pending &&
              unsent.map((entry) => (
                <PendingMessage key={entry.clientMessageId} entry={entry} onEdit={pending.onEdit} onDiscard={pending.onDiscard} />
              ))}
          </ol>
        </div>
      )}
      {typingText && <p className="mt-2 text-xs text-gray-600 italic dark:text-gray-300">{typingText}</p>}
    </div>
  );
}

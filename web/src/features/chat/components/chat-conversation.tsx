// An active chat as the visitor sees it: messages (theirs on the right, the
// agent's on the left, system notices centred), typing, and the message box.

import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ChatSession } from '@/api-types/ChatSession';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useChatMessages } from '@/lib/chat/get-chat-messages';
import { formatMessageTime, maxMessageLength } from '@/lib/chat/message-format';
import { useMessageComposer } from '@/lib/chat/use-message-composer';
import { useTypingIndicator } from '@/lib/chat/use-typing-indicator';

export function ChatConversation({ session, onNewChat }: { session: ChatSession; onNewChat: () => void }) {
  const { sessionId } = session;
  const messages = useChatMessages(sessionId);
  const agentTyping = useTypingIndicator(sessionId, 'agent');
  const composer = useMessageComposer(sessionId);
  const resolved = session.status === 'resolved';

  const listRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count, agentTyping]);

  return (
    <>
      <div ref={listRef} className="flex-1 overflow-y-auto px-4 py-3">
        {messages.isPending && (
          <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm">
            <Spinner className="h-4 w-4 text-brand" />
            <span>Loading messages...</span>
          </div>
        )}
        {messages.isError && (
          <div className="py-8 text-center text-sm">
            <p role="alert">{messages.error.message}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void messages.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {messages.data && (
          <div role="log" aria-live="polite" aria-label="Messages">
          <ol className="flex flex-col gap-3">
            {messages.data.length === 0 && (
              <li className="text-center text-sm text-gray-600 dark:text-gray-300">
                Say hello — our team will reply here.
              </li>
            )}
            {messages.data.map((m) =>
              m.senderType === 'system' ? (
                <li key={m.id} className="mx-auto max-w-[90%] text-center text-xs text-gray-600 italic dark:text-gray-300">
                  {m.message} <span className="whitespace-nowrap">· {formatMessageTime(m.createdAt)}</span>
                </li>
              ) : (
                <li key={m.id} className={cn('flex flex-col', m.senderType === 'user' ? 'items-end' : 'items-start')}>
                  <span className="sr-only">{m.senderType === 'user' ? 'You' : 'Support'}: </span>
                  <p
                    className={cn(
                      'max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
                      m.senderType === 'user'
                        ? 'bg-brand-dark text-white'
                        : 'bg-gray-100 text-gray-900 dark:bg-gray-700 dark:text-gray-100',
                    )}
                  >
                    {m.message}
                  </p>
                  <time dateTime={m.createdAt} className="mt-0.5 text-xs text-gray-600 dark:text-gray-300">
                    {formatMessageTime(m.createdAt)}
                  </time>
                </li>
              ),
            )}
          </ol>
          </div>
        )}
        {agentTyping && (
          <p className="mt-2 text-xs text-gray-600 italic dark:text-gray-300">Agent is typing…</p>
        )}
      </div>
      {resolved ? (
        <div className="border-t border-gray-200 p-3 text-center dark:border-gray-700">
          <p className="mb-2 text-sm text-gray-700 dark:text-gray-300">This chat is resolved.</p>
          <Button onClick={onNewChat}>Start a new chat</Button>
        </div>
      ) : (
        <form onSubmit={composer.submit} className="flex items-end gap-2 border-t border-gray-200 p-3 dark:border-gray-700">
          <label htmlFor={`chat-message-${sessionId}`} className="sr-only">
            Message
          </label>
          <textarea
            id={`chat-message-${sessionId}`}
            rows={2}
            maxLength={maxMessageLength}
            placeholder="Type your message..."
            value={composer.text}
            onChange={(e) => composer.onChange(e.target.value)}
            onKeyDown={composer.onKeyDown}
            className="block max-h-32 min-h-10 flex-1 resize-none rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
          />
          <Button type="submit" aria-label="Send message" disabled={!composer.canSend} className="px-3">
            {composer.sending ? <Spinner /> : <SendHorizontal className="h-4 w-4" aria-hidden="true" />}
          </Button>
        </form>
      )}
    </>
  );
}

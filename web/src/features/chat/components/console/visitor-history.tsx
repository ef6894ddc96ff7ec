// The visitor's earlier chats (same email or account) in the conversation's
// side: date, status and first line; each opens read-only in place.

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { VisitorChat } from '@/api-types/VisitorChat';
import { ChatMessageLog } from '@/features/chat/components/chat-message-log';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api-client';
import { useChatMessages } from '@/features/chat/api/get-chat-messages';
import { formatStartedAt } from '@/lib/console-format';

function useVisitorHistory(sessionId: string) {
  return useQuery({
    queryKey: ['admin', 'chats', 'history', sessionId],
    queryFn: ({ signal }) =>
      apiRequest<VisitorChat[]>(`/api/agent/chats/${encodeURIComponent(sessionId)}/history`, { signal }),
  });
}

export function VisitorHistory({ sessionId, visitorName }: { sessionId: string; visitorName: string }) {
  const history = useVisitorHistory(sessionId);
  const headingId = `history-${sessionId}`;

  return (
    <section aria-labelledby={headingId} className="text-sm">
      <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">
        Earlier chats
      </h3>
      {history.isPending ? (
        <p role="status" className="mt-1 flex items-center gap-2">
          <Spinner /> Loading…
        </p>
      ) : history.isError ? (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
          Could not load the earlier chats.{' '}
          <button type="button" className="underline" onClick={() => void history.refetch()}>
            Try again
          </button>
        </p>
      ) : history.data.length === 0 ? (
        <p className="mt-1 text-gray-700 dark:text-gray-300">None: this is their first chat.</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {history.data.map((chat) => (
            <li key={chat.sessionId}>
              <EarlierChat chat={chat} visitorName={visitorName} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EarlierChat({ chat, visitorName }: { chat: VisitorChat; visitorName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} className="rounded border border-gray-200 px-2 py-1 dark:border-gray-700">
      <summary className="cursor-pointer">
        <time dateTime={chat.createdAt}>{formatStartedAt(chat.createdAt)}</time>
        {chat.status === 'resolved' ? ' · Resolved' : ' · Open'}
        {chat.firstLine ? (
          <>
            {' · '}
            <bdi>{chat.firstLine}</bdi>
          </>
        ) : (
          ' · No messages'
        )}
      </summary>
      {open && <ReadOnlyMessages sessionId={chat.sessionId} visitorName={visitorName} />}
    </details>
  );
}

function ReadOnlyMessages({ sessionId, visitorName }: { sessionId: string; visitorName: string }) {
  const messages = useChatMessages(sessionId);
  return (
    <ChatMessageLog
      messages={messages}
      own="agent"
      senderName={(sender) => (sender === 'agent' ? 'Support' : visitorName)}
      visibleNames
      emptyText="No messages in this chat."
      typingText={null}
      className="mt-2 max-h-60 overflow-y-auto"
    />
  );
}

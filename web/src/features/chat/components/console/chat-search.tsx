// Searches every conversation (message text, visitor name or email) from the
// console; a result opens its chat.

import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useChatSearch } from '@/features/chat/api/agent-availability';
import { formatStartedAt } from '@/lib/console-format';

export function ChatSearch({ onSelect }: { onSelect: (sessionId: string, messageId: string | null) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  // Typing settles before asking the server.
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const results = useChatSearch(query);
  const active = query.trim().length >= 2;

  return (
    <search className="space-y-2 text-sm" aria-label="Search conversations">
      <label htmlFor="chat-search" className="sr-only">
        Search conversations
      </label>
      <input
        id="chat-search"
        type="search"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search messages, names, emails"
        className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 dark:border-gray-600 dark:bg-gray-900"
      />
      {active && results.isFetching && !results.data && (
        <p role="status" className="flex items-center gap-2">
          <Spinner /> Searching…
        </p>
      )}
      {active && results.isError && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {results.error.message}
        </p>
      )}
      {active && results.data && results.data.length === 0 && <p role="status">No conversation matches “{query.trim()}”.</p>}
      {active && results.data && results.data.length > 0 && (
        <ul aria-label="Search results" className="max-h-72 divide-y divide-gray-200 overflow-y-auto rounded-md border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
          {results.data.map((hit) => (
            <li key={`${hit.sessionId}:${hit.messageId ?? 'chat'}`}>
              <button
                type="button"
                onClick={() => {
                  onSelect(hit.sessionId, hit.messageId);
                  setText('');
                }}
                className="block w-full px-3 py-2 text-left hover:bg-gray-50 dark:hover:bg-gray-800"
              >
                <span className="font-semibold">
                  <bdi>{hit.visitorName}</bdi>
                </span>{' '}
                <span className="text-gray-700 dark:text-gray-300">
                  <bdi>{hit.visitorEmail}</bdi> · <time dateTime={hit.createdAt}>{formatStartedAt(hit.createdAt)}</time>
                </span>
                {hit.excerpt && (
                  <span className="mt-0.5 block truncate text-gray-800 dark:text-gray-200">
                    <bdi>{hit.excerpt}</bdi>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </search>
  );
}

// Searches every conversation (message text, visitor name or email) from the
// console; a result opens its chat.

import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useChatSearch } from '@/features/chat/api/agent-availability';
import { formatStartedAt } from '@/lib/console-format';
import { searchMaxChars } from '@/api-types/input-limits';

export function ChatSearch({ onSelect }: { onSelect: (sessionId: string, messageId: string | null) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  // Typing settles before asking the server.
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const results = useChatSearch(query);
  // Cleared (a result opened, or Escape), the list closes at once.
  const active = query.trim().length >= 2 && text.trim().length >= 2;

  return (
    <search className="relative text-sm" aria-label="Search conversations">
      <label htmlFor="chat-search" className="sr-only">
        Search conversations
      </label>
      <input
        id="chat-search"
        type="search"
        value={text}
        maxLength={searchMaxChars}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
        placeholder="Search messages, names, emails"
        className="h-8 w-full rounded-md border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-950"
      />
      {/* Results drop down over the console, so the panes keep their place. */}
      {active && (
        <div className="absolute inset-x-0 top-full z-40 mt-1 max-h-[min(24rem,70dvh)] overflow-y-auto rounded-md border border-gray-200 bg-white shadow-lg empty:hidden dark:border-gray-700 dark:bg-gray-900">
          {results.isFetching && !results.data && (
            <p role="status" className="flex items-center gap-2 px-3 py-2">
              <Spinner /> Searching…
            </p>
          )}
          {results.isError && (
            <p role="alert" className="px-3 py-2 text-red-700 dark:text-red-300">
              {results.error.message}
            </p>
          )}
          {results.data && results.data.length === 0 && (
            <p role="status" className="px-3 py-2">
              No conversation matches “{query.trim()}”.
            </p>
          )}
          {results.data && results.data.length > 0 && (
            <ul aria-label="Search results" className="divide-y divide-gray-200 dark:divide-gray-700">
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
        </div>
      )}
    </search>
  );
}

// The open chat's labels: remove one, or add one (suggestions: labels in use
// and the usual ones).

import { type FormEvent, useState } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { useLabelsInUse, useSetChatLabels } from '@/features/chat/api/agent-availability';
import { chatLimits } from '@/api-types/input-limits';

const usual = ['sales', 'billing', 'outage', 'support', 'onboarding'];

export function ChatLabelsEditor({ chat }: { chat: ChatSummary }) {
  const inUse = useLabelsInUse();
  const save = useSetChatLabels(chat.sessionId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = `labels-${chat.sessionId}`;
  const suggestions = [...new Set([...(inUse.data ?? []), ...usual])].filter((label) => !chat.labels.includes(label));

  const change = (labels: string[]) => {
    setProblem(null);
    save.mutate(labels, {
      onSuccess: () => setDraft(''),
      onError: (error) => setProblem(error.message),
    });
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return setProblem('Type a label to add.');
    change([...chat.labels, draft]);
  };

  return (
    <div className="text-sm">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">Labels</h3>
      <ul className="mt-1 flex flex-wrap gap-1" aria-label="Labels of this chat">
        {chat.labels.length === 0 && <li className="text-gray-700 dark:text-gray-300">None yet.</li>}
        {chat.labels.map((label) => (
          <li key={label} className="flex items-center gap-1 rounded bg-gray-100 px-2 py-0.5 dark:bg-gray-700">
            {label}
            <button
              type="button"
              aria-label={`Remove the label ${label}`}
              disabled={save.isPending}
              onClick={() => change(chat.labels.filter((other) => other !== label))}
              className="text-gray-700 hover:text-red-700 dark:text-gray-200"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="mt-2 flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          New label
        </label>
        <input
          id={id}
          list={`${id}-suggestions`}
          value={draft}
          maxLength={chatLimits.labelChars}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Add a label"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="h-8 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-950"
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((label) => (
            <option key={label} value={label} />
          ))}
        </datalist>
        <button type="submit" disabled={save.isPending} className="inline-flex h-8 shrink-0 items-center rounded-md border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-900 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700">
          Add label
        </button>
      </form>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}

// The agents' side of one chat: private notes and the assignment trail, shown
// among the messages in the conversation's log (amber, "only agents see
// this"), and the Note mode of the composer that adds one. None of this ever
// reaches the visitor.

import { Lock } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ChatNote } from '@/api-types/ChatNote';
import type { Interleave } from '@/features/chat/components/chat-message-log';
import { useAddChatNote } from '@/features/chat/api/agent-availability';
import { formatStartedAt } from '@/lib/console-format';

/** The notes and assignment events among the conversation's messages, by time. */
export function notesInLog(notes: ChatNote[]): Interleave {
  return {
    count: notes.length,
    arrange: (messages, render) => mergeByTime(messages, notes.map(noteEntry), render),
  };
}

interface Entry {
  createdAt: string;
  element: ReactNode;
}

/** Each message rendered, with the entries due before it (by time) in front, and the rest at the end. */
function mergeByTime(messages: ChatMessage[], entries: Entry[], render: (message: ChatMessage) => ReactNode): ReactNode[] {
  const pending = [...entries].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const out: ReactNode[] = [];
  for (const message of messages) {
    const at = Date.parse(message.createdAt);
    while (pending.length > 0 && Date.parse(pending[0]!.createdAt) <= at) out.push(pending.shift()!.element);
    out.push(render(message));
  }
  return [...out, ...pending.map((entry) => entry.element)];
}

function noteEntry(note: ChatNote): Entry {
  return {
    createdAt: note.createdAt,
    element:
      note.kind !== 'note' ? (
        <li key={note.id} data-note-id={note.id} className="mx-auto max-w-[90%] text-center text-xs text-amber-900 dark:text-amber-300">
          <span className="sr-only">Only agents see this: </span>
          <bdi>{note.body}</bdi>{' '}
          <span className="whitespace-nowrap">
            · <time dateTime={note.createdAt}>{formatStartedAt(note.createdAt)}</time>
          </span>
        </li>
      ) : (
        <li key={note.id} data-note-id={note.id} data-private-note className="mx-auto w-full max-w-[90%]">
          <div className="rounded-md border border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-sm text-gray-900 dark:border-amber-600 dark:bg-amber-950/60 dark:text-gray-100">
            <p className="flex items-center gap-1 text-xs font-semibold text-amber-900 dark:text-amber-200">
              <Lock className="h-3 w-3" aria-hidden="true" />
              Private note · only agents see this
            </p>
            <p dir="auto" className="mt-1 whitespace-pre-wrap break-words">
              {note.body}
            </p>
            <p className="mt-1 text-xs text-amber-900 dark:text-amber-200">
              <bdi>{note.authorName ?? 'Former agent'}</bdi> ·{' '}
              <time dateTime={note.createdAt}>{formatStartedAt(note.createdAt)}</time>
            </p>
          </div>
        </li>
      ),
  };
}

/** The Note mode's draft: a note needs visible text; the server's refusal is shown in words. */
export function useNoteDraft(sessionId: string) {
  const add = useAddChatNote(sessionId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (add.isPending) return;
    if (!text.trim()) {
      setProblem('Write a note first.');
      return;
    }
    setProblem(null);
    add.mutate(text, {
      onSuccess: () => setText(''),
      onError: (error) => setProblem(error.message),
    });
  };

  return {
    text,
    onChange: (value: string) => {
      setText(value);
      setProblem(null);
    },
    problem,
    pending: add.isPending,
    submit,
  };
}

// The agents' side of one chat: private notes and the assignment trail, in
// order, and a form to add a note. None of this ever reaches the visitor.

import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { maxMessageLength } from '@/features/chat/lib/message-format';
import { useAddChatNote, useChatNotes } from '@/features/chat/api/agent-availability';
import { formatStartedAt } from '@/lib/console-format';

export function ChatPrivateNotes({ sessionId }: { sessionId: string }) {
  const notes = useChatNotes(sessionId);
  const add = useAddChatNote(sessionId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
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

  return (
    <section
      aria-labelledby={`notes-${sessionId}`}
      className="border-t border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h3 id={`notes-${sessionId}`} className="font-semibold text-amber-900 dark:text-amber-200">
        Private notes <span className="font-normal">(only agents see these)</span>
      </h3>
      {notes.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2">
          <Spinner /> Loading notes…
        </p>
      ) : notes.isError ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
          Could not load the notes. <button type="button" className="underline" onClick={() => void notes.refetch()}>Try again</button>
        </p>
      ) : notes.data.length === 0 ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">No notes yet.</p>
      ) : (
        <ol className="mt-2 max-h-48 space-y-1 overflow-y-auto">
          {notes.data.map((note) =>
            note.kind === 'event' ? (
              <li key={note.id} className="text-xs text-gray-700 dark:text-gray-300">
                <time dateTime={note.createdAt}>{formatStartedAt(note.createdAt)}</time> · {note.body}
              </li>
            ) : (
              <li key={note.id} className="rounded border border-amber-300 bg-white/70 p-2 dark:border-amber-700 dark:bg-gray-900/60">
                <p className="text-xs text-gray-700 dark:text-gray-300">
                  <bdi>{note.authorName ?? 'Former agent'}</bdi> ·{' '}
                  <time dateTime={note.createdAt}>{formatStartedAt(note.createdAt)}</time>
                </p>
                <p dir="auto" className="whitespace-pre-wrap break-words">
                  {note.body}
                </p>
              </li>
            ),
          )}
        </ol>
      )}
      <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
        <label htmlFor={`note-${sessionId}`} className="sr-only">
          Private note
        </label>
        <textarea
          id={`note-${sessionId}`}
          dir="auto"
          rows={1}
          maxLength={maxMessageLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Add a private note for the team"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `note-${sessionId}-problem` : undefined}
          className="block min-h-9 flex-1 resize-y rounded-md border border-amber-300 bg-white px-3 py-1.5 text-sm dark:border-amber-700 dark:bg-gray-900"
        />
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </Button>
        {problem && (
          <p id={`note-${sessionId}-problem`} role="alert" className="w-full text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}

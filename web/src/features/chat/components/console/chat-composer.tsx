// The console's composer, pinned under the conversation's log. Two modes:
// Reply (to the visitor; `/` opens the canned replies) and Note (a private
// note for the team, in amber, which never reaches the visitor). `r` and `n`
// switch mode and focus the box (so does clicking a mode); Escape leaves the
// box; each mode keeps its own draft. A reply may
// carry a file (button, paste or drop; a file dropped on a note goes to the reply).

import { Lock, SendHorizontal } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import { useCannedResponses } from '@/lib/api/canned-responses';
import { useUser } from '@/lib/auth/get-user';
import { maxMessageLength } from '@/features/chat/lib/message-format';
import type { MessageComposer } from '@/features/chat/lib/use-message-composer';
import { AttachButton, AttachmentDraftChip, useFileDrop } from '@/features/chat/components/attachments/attachment-controls';
import { CannedReplyTextarea } from './canned-reply-textarea';
import { useNoteDraft } from './chat-private-notes';
import { leaveTextBox, useConsoleCommands } from './console-shortcuts';

export type ComposerMode = 'reply' | 'note';

const modes: Array<{ value: ComposerMode; label: string }> = [
  { value: 'reply', label: 'Reply' },
  { value: 'note', label: 'Note' },
];

const boxClass =
  'block max-h-40 min-h-16 w-full resize-none field-sizing-content rounded-md border px-3 py-2 text-sm text-gray-900 dark:text-gray-100';

/** `reply` is the conversation's (its log shows the replies not yet stored). */
export function ChatComposer({ chat, reply }: { chat: ChatSummary; reply: MessageComposer }) {
  const { sessionId } = chat;
  const { data: me } = useUser();
  const note = useNoteDraft(sessionId);
  const canned = useCannedResponses();
  const [mode, setMode] = useState<ComposerMode>('reply');
  const drop = useFileDrop((file) => {
    setMode('reply');
    reply.attach(file);
  });
  // A shortcut switches the mode and then focuses the box of that mode, once it is rendered.
  const [focusRequest, setFocusRequest] = useState(0);
  const replyId = `reply-${sessionId}`;
  const noteId = `note-${sessionId}`;

  useEffect(() => {
    if (focusRequest === 0) return;
    document.getElementById(mode === 'note' ? noteId : replyId)?.focus();
  }, [focusRequest, mode, noteId, replyId]);

  useConsoleCommands((command) => {
    if (command !== 'reply' && command !== 'canned' && command !== 'note') return;
    setMode(command === 'note' ? 'note' : 'reply');
    if (command === 'canned') reply.onChange('/');
    setFocusRequest((n) => n + 1);
  });

  const replyKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!leaveTextBox(event)) reply.onKeyDown(event);
  };
  const noteKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (leaveTextBox(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    note.submit();
  };

  const isNote = mode === 'note';
  const problem = isNote ? note.problem : null;
  const problemId = `${isNote ? noteId : replyId}-problem`;

  return (
    <form
      onSubmit={isNote ? note.submit : reply.submit}
      aria-label={isNote ? 'Write a private note' : 'Write a reply'}
      {...drop.handlers}
      className={cn(
        'shrink-0 border-t px-3 pb-3 pt-2',
        isNote
          ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'
          : 'border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900',
        drop.dragging && 'outline-2 -outline-offset-2 outline-dashed outline-brand',
      )}
    >
      <div className="mb-2 flex items-center gap-3">
        <div role="radiogroup" aria-label="Write" className="inline-flex rounded-md border border-gray-300 p-0.5 text-xs font-semibold dark:border-gray-600">
          {modes.map((option) => (
            <label
              key={option.value}
              // Choosing a mode with the pointer goes on to its text box, after the browser has focused
              // the radio; the arrow keys' clicks (detail 0) stay on the radios.
              onClick={(event) => {
                if (event.detail > 0) requestAnimationFrame(() => setFocusRequest((n) => n + 1));
              }}
              className={cn(
                'flex cursor-pointer items-center gap-1 rounded px-2.5 py-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand',
                mode === option.value
                  ? option.value === 'note'
                    ? 'bg-amber-700 text-white'
                    : 'bg-brand-dark text-white'
                  : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
              )}
            >
              <input
                type="radio"
                name={`composer-mode-${sessionId}`}
                value={option.value}
                checked={mode === option.value}
                onChange={() => setMode(option.value)}
                aria-keyshortcuts={option.value === 'note' ? 'n' : 'r'}
                className="sr-only"
              />
              {option.value === 'note' && <Lock className="h-3 w-3" aria-hidden="true" />}
              {option.label}
            </label>
          ))}
        </div>
        <p className={cn('text-xs', isNote ? 'text-amber-900 dark:text-amber-200' : 'hidden text-gray-600 sm:block dark:text-gray-400')}>
          {isNote ? 'Only agents see notes.' : 'Enter sends · Shift+Enter new line · / canned replies'}
        </p>
      </div>
      {!isNote && reply.draft && (
        <div className="mb-2">
          <AttachmentDraftChip draft={reply.draft} onRemove={reply.removeAttachment} />
        </div>
      )}
      <div className="flex items-end gap-2">
        {!isNote && <AttachButton onFile={reply.attach} />}
        {isNote ? (
          <>
            <label htmlFor={noteId} className="sr-only">
              Private note
            </label>
            <textarea
              id={noteId}
              dir="auto"
              rows={2}
              maxLength={maxMessageLength}
              value={note.text}
              onChange={(event) => note.onChange(event.target.value)}
              onKeyDown={noteKeyDown}
              placeholder="Private note: only agents see it (Enter adds it)"
              aria-invalid={note.problem ? true : undefined}
              aria-describedby={note.problem ? problemId : undefined}
              className={cn(
                boxClass,
                'border-amber-400 bg-white placeholder:text-amber-800/80 focus-visible:outline-amber-600 dark:border-amber-600 dark:bg-gray-900 dark:placeholder:text-amber-200/70',
              )}
            />
          </>
        ) : (
          <>
            <label htmlFor={replyId} className="sr-only">
              Reply
            </label>
            <CannedReplyTextarea
              id={replyId}
              dir="auto"
              rows={2}
              maxLength={maxMessageLength}
              placeholder={`Reply to ${chat.visitorName}`}
              value={reply.text}
              onValueChange={reply.onChange}
              onKeyDown={replyKeyDown}
              replies={canned.data ?? []}
              language={chat.language}
              values={{ visitorName: chat.visitorName, agentName: me?.name ?? '' }}
              className={cn(
                boxClass,
                'border-gray-300 bg-white placeholder:text-gray-500 dark:border-gray-600 dark:bg-gray-950 dark:placeholder:text-gray-400',
              )}
            />
          </>
        )}
        <button
          type="submit"
          disabled={isNote ? note.pending : !reply.canSend}
          className={cn(
            'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60',
            isNote ? 'bg-amber-700 hover:bg-amber-800' : 'bg-brand-dark hover:brightness-90',
          )}
        >
          {isNote && note.pending ? (
            <Spinner />
          ) : isNote ? (
            <Lock className="h-4 w-4" aria-hidden="true" />
          ) : (
            <SendHorizontal className="h-4 w-4" aria-hidden="true" />
          )}
          {isNote ? (note.pending ? 'Adding…' : 'Add note') : 'Send'}
        </button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}

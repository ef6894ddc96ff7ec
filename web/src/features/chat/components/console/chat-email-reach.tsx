// How the open chat reaches its visitor, in the details pane: on the page now,
// or, once they left, whether and when the next reply goes by email, and what
// stops it (they stopped these emails, or their address bounced). And, above
// the composer, the email replies to the chat's address from another sender,
// held for an agent to post into the chat or discard.

import { Mail, MailWarning, Paperclip } from 'lucide-react';
import type { ChatEmailState } from '@/api-types/ChatEmailState';
import type { HeldReply } from '@/api-types/HeldReply';
import { Spinner } from '@/components/ui/spinner';
import { useChatEmailState, useDecideHeldReply } from '@/features/chat/api/chat-email-state';
import { formatMessageTime } from '@/features/chat/lib/message-format';
import { formatStartedAt } from '@/lib/console-format';

/** The sentence the details pane shows for `state`, at `now` (ms). */
export function reachText(state: ChatEmailState, now: number): string {
  if (state.onPage) return 'On the page now: they see replies as you send them.';
  if (!state.address) return 'Not on the page, and the chat has no email address: they see replies when they come back.';
  if (state.bouncedAt) return `Not on the page. Emails to ${state.address} bounce, so replies are not emailed.`;
  if (state.stopped) return `Not on the page. ${state.address} stopped emails about their chats, so replies are not emailed.`;
  if (!state.emailsOn) return 'Not on the page. The site sends no email, so they see replies when they come back.';
  if (state.nextEmailAt && state.unseenReplies > 0) {
    const replies = state.unseenReplies === 1 ? 'Your unseen reply goes' : `Your ${state.unseenReplies} unseen replies go`;
    const at = new Date(state.nextEmailAt).getTime();
    return at <= now
      ? `Not on the page. ${replies} to ${state.address} by email now.`
      : `Not on the page. ${replies} to ${state.address} by email at ${formatMessageTime(state.nextEmailAt)} unless they come back first.`;
  }
  return `Not on the page. A reply they do not see is emailed to ${state.address}.`;
}

export function ChatEmailReach({ sessionId }: { sessionId: string }) {
  const state = useChatEmailState(sessionId);
  const headingId = `reach-${sessionId}`;
  return (
    <section aria-labelledby={headingId} className="text-sm">
      <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">
        Reaching the visitor
      </h3>
      {state.isPending ? (
        <p role="status" className="mt-1 flex items-center gap-2">
          <Spinner /> Loading…
        </p>
      ) : state.isError ? (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
          Could not load how the visitor is reached.{' '}
          <button type="button" className="underline" onClick={() => void state.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <div className="mt-1 space-y-1" data-testid="chat-email-reach">
          <p className="flex items-start gap-2">
            <span
              aria-hidden="true"
              className={
                state.data.onPage
                  ? 'mt-1.5 h-2 w-2 shrink-0 rounded-full bg-green-600'
                  : 'mt-1.5 h-2 w-2 shrink-0 rounded-full bg-gray-400 dark:bg-gray-500'
              }
            />
            <span>{reachText(state.data, Date.now())}</span>
          </p>
          {state.data.bouncedAt && (
            <p className="flex items-start gap-2 text-red-700 dark:text-red-300">
              <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>
                Bounced <time dateTime={state.data.bouncedAt}>{formatStartedAt(state.data.bouncedAt)}</time>
                {state.data.bounce ? (
                  <>
                    : <bdi>{state.data.bounce}</bdi>
                  </>
                ) : null}
              </span>
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** Email replies held for an agent, above the composer; nothing when none wait. */
export function HeldReplies({ sessionId }: { sessionId: string }) {
  const state = useChatEmailState(sessionId);
  const held = state.data?.held ?? [];
  if (held.length === 0) return null;
  return (
    <section
      aria-label="Email replies held for you"
      className="shrink-0 space-y-2 border-t border-amber-300 bg-amber-50 px-4 py-2 dark:border-amber-700 dark:bg-amber-950/40"
    >
      {held.map((reply) => (
        <HeldReplyCard key={reply.id} sessionId={sessionId} reply={reply} address={state.data?.address ?? ''} />
      ))}
    </section>
  );
}

function HeldReplyCard({ sessionId, reply, address }: { sessionId: string; reply: HeldReply; address: string }) {
  const decide = useDecideHeldReply(sessionId);
  const busy = decide.isPending;
  return (
    <article className="text-sm" aria-labelledby={`held-${reply.id}`}>
      <h3 id={`held-${reply.id}`} className="flex items-center gap-1.5 font-medium text-amber-900 dark:text-amber-200">
        <Mail className="h-4 w-4" aria-hidden="true" />
        <span>
          Held email reply from <bdi>{reply.senderEmail}</bdi> ·{' '}
          <time dateTime={reply.receivedAt}>{formatMessageTime(reply.receivedAt)}</time>
        </span>
      </h3>
      <p className="text-xs text-amber-900 dark:text-amber-200">
        It was sent to this chat&apos;s reply address but not from {address ? <bdi>{address}</bdi> : 'the chat\u2019s address'}. Post it
        only if you know the visitor wrote it.
      </p>
      <p className="mt-1 max-h-32 overflow-y-auto whitespace-pre-wrap break-words rounded border border-amber-200 bg-white px-2 py-1 text-gray-900 dark:border-amber-800 dark:bg-gray-900 dark:text-gray-100">
        {reply.body ? <bdi>{reply.body}</bdi> : <span className="italic text-gray-600 dark:text-gray-400">No text</span>}
      </p>
      {reply.files.length > 0 && (
        <p className="mt-1 flex items-start gap-1.5 text-xs text-amber-900 dark:text-amber-200">
          <Paperclip className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>
            {reply.files.length === 1 ? '1 file, posted with it: ' : `${reply.files.length} files, posted with it: `}
            <bdi>{reply.files.join(', ')}</bdi>
          </span>
        </p>
      )}
      <div className="mt-1.5 flex gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => decide.mutate({ heldId: reply.id, decision: 'post' })}
          className="rounded-md bg-brand-dark px-3 py-1 text-sm font-medium text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
        >
          Post to the chat
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => decide.mutate({ heldId: reply.id, decision: 'discard' })}
          className="rounded-md border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
        >
          Discard
        </button>
        {busy && <Spinner />}
      </div>
    </article>
  );
}

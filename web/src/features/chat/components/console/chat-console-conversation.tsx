// One chat in the agent console: visitor details, actions, messages and the reply box.

import { SendHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { Button } from '@/components/ui/button';
import { ChatMessageLog } from '@/features/chat/components/chat-message-log';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth/get-user';
import { useChatMessages } from '@/features/chat/api/get-chat-messages';
import { maxMessageLength } from '@/features/chat/lib/message-format';
import { useMessageComposer } from '@/features/chat/lib/use-message-composer';
import { useTypingIndicator } from '@/features/chat/lib/use-typing-indicator';
import { mailtoHref } from '@/lib/mailto';
import { useJoinedSession } from '@/features/chat/lib/live-socket';
import { useCannedResponses } from '@/lib/api/canned-responses';
import { useAgentChat } from '@/features/chat/api/get-agent-chat';
import { useAssignAgentChat } from '@/features/chat/api/assign-agent-chat';
import { useReopenAgentChat } from '@/features/chat/api/reopen-agent-chat';
import { useResolveAgentChat } from '@/features/chat/api/resolve-agent-chat';
import { CannedReplyTextarea } from './canned-reply-textarea';
import { describeBrowser, formatStartedAt } from '@/lib/console-format';
import { ChatPrivateNotes } from './chat-private-notes';
import { ChatTransferForm } from './chat-transfer-form';
import { useConsoleCommands } from './console-shortcuts';
import { ChatLabelsEditor } from './chat-labels-editor';
import { VisitorHistory } from './visitor-history';

export function ChatConsoleConversation({ sessionId }: { sessionId: string }) {
  useJoinedSession(sessionId);
  const chat = useAgentChat(sessionId);

  if (chat.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 p-12 text-sm">
        <Spinner className="h-5 w-5 text-brand" />
        <span>Loading chat...</span>
      </div>
    );
  }
  if (chat.isError) {
    return (
      <div className="p-6 text-sm">
        <p role="alert" className="text-red-700 dark:text-red-300">
          {chat.error.message}
        </p>
        <Button variant="secondary" className="mt-2" onClick={() => void chat.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Conversation chat={chat.data} />;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="truncate text-sm">{children}</dd>
    </div>
  );
}

function Conversation({ chat }: { chat: ChatSummary }) {
  const { sessionId } = chat;
  const { data: me } = useUser();
  const messages = useChatMessages(sessionId);
  const visitorTyping = useTypingIndicator(sessionId, 'user');
  const composer = useMessageComposer(sessionId);
  const canned = useCannedResponses();
  const assign = useAssignAgentChat();
  const resolve = useResolveAgentChat();
  const reopen = useReopenAgentChat();
  const resolved = chat.status === 'resolved';
  const mine = Boolean(me && chat.assignedAgentId === me.id);
  useConsoleCommands((command) => {
    const byId = (id: string) => document.getElementById(id) as HTMLTextAreaElement | null;
    if (command === 'reply') byId(`reply-${sessionId}`)?.focus();
    if (command === 'note') byId(`note-${sessionId}`)?.focus();
    if (command === 'canned') {
      composer.onChange('/');
      byId(`reply-${sessionId}`)?.focus();
    }
    if (command === 'resolve' && !resolved && !resolve.isPending) resolve.mutate(sessionId);
  });

  return (
    <section aria-labelledby="conversation-heading" className="flex min-h-[32rem] flex-col rounded-lg border border-gray-200 dark:border-gray-700">
      <header className="space-y-3 border-b border-gray-200 p-4 dark:border-gray-700">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="conversation-heading" className="text-xl font-semibold">
            <bdi>{chat.visitorName}</bdi>
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={mine || assign.isPending}
              onClick={() => assign.mutate(sessionId)}
            >
              {mine ? 'Assigned to you' : assign.isPending ? 'Assigning...' : 'Assign to me'}
            </Button>
            {resolved ? (
              <Button disabled={reopen.isPending} onClick={() => reopen.mutate(sessionId)}>
                {reopen.isPending ? 'Reopening...' : 'Reopen'}
              </Button>
            ) : (
              <Button disabled={resolve.isPending} onClick={() => resolve.mutate(sessionId)}>
                {resolve.isPending ? 'Resolving...' : 'Resolve'}
              </Button>
            )}
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 xl:grid-cols-3">
          <Detail label="Email">
            <a href={mailtoHref(chat.visitorEmail)} className="text-brand-dark underline dark:text-brand-light">
              <bdi>{chat.visitorEmail}</bdi>
            </a>
          </Detail>
          <Detail label="Started">
            <time dateTime={chat.createdAt}>{formatStartedAt(chat.createdAt)}</time>
          </Detail>
          <Detail label="Page">{chat.pageUrl === null ? 'Unknown' : <bdi>{chat.pageUrl}</bdi>}</Detail>
          <Detail label="Browser">
            <span title={chat.userAgent ?? undefined}>{describeBrowser(chat.userAgent)}</span>
          </Detail>
          <Detail label="Status">
            {resolved ? 'Resolved' : chat.awaitingReply ? 'Open, awaiting reply' : 'Open'}
          </Detail>
          <Detail label="Rating">
            {chat.rating === null ? (
              resolved ? 'Not rated yet' : 'Asked once resolved'
            ) : (
              <span title={chat.ratingComment ?? undefined}>
                {chat.rating}/5{chat.ratingComment ? <> — <bdi>{chat.ratingComment}</bdi></> : null}
              </span>
            )}
          </Detail>
          <Detail label="Assignee">
            {chat.assignedAgentName === null ? (
              chat.queuePosition === null ? 'Unassigned' : `In the queue, #${chat.queuePosition}`
            ) : (
              <bdi>{chat.assignedAgentName}</bdi>
            )}
          </Detail>
        </dl>
        <ChatLabelsEditor chat={chat} />
        <VisitorHistory sessionId={sessionId} visitorName={chat.visitorName} />
        {!resolved && <ChatTransferForm chat={chat} />}
      </header>

      <ChatMessageLog
        messages={messages}
        own="agent"
        senderName={(sender) => (sender === 'agent' ? 'Support' : chat.visitorName)}
        visibleNames
        emptyText="No messages yet."
        typingText={visitorTyping ? 'Visitor is typing…' : null}
        className="min-h-0 flex-1 p-4 lg:max-h-[calc(100vh-24rem)]"
      />

      <ChatPrivateNotes sessionId={sessionId} />

      <form onSubmit={composer.submit} className="flex flex-wrap items-end gap-2 border-t border-gray-200 p-3 dark:border-gray-700">
        <label htmlFor={`reply-${sessionId}`} className="sr-only">
          Reply
        </label>
        <CannedReplyTextarea
          id={`reply-${sessionId}`}
          dir="auto"
          aria-invalid={composer.problem ? true : undefined}
          aria-describedby={composer.problem ? `reply-${sessionId}-problem` : undefined}
          rows={2}
          maxLength={maxMessageLength}
          placeholder="Write a reply (Enter sends, Shift+Enter for a new line, / for canned replies)"
          value={composer.text}
          onValueChange={composer.onChange}
          onKeyDown={composer.onKeyDown}
          replies={canned.data ?? []}
          values={{ visitorName: chat.visitorName, agentName: me?.name ?? '' }}
          className="block max-h-40 min-h-10 resize-y rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        <Button type="submit" disabled={!composer.canSend}>
          {composer.sending ? <Spinner /> : <SendHorizontal className="h-4 w-4" aria-hidden="true" />}
          Send
        </Button>
        {composer.problem && (
          <p id={`reply-${sessionId}-problem`} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
            {composer.problem}
          </p>
        )}
      </form>
    </section>
  );
}

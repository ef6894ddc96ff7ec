// One chat in the agent console: a header with the visitor's name and the
// Assign / Resolve / Reopen actions, the message log (private notes and the
// assignment trail inline, in amber), the composer pinned at the bottom, and
// the details sidebar beside it. On a phone the conversation and the details
// are screens of their own, each with a Back button.

import { ArrowLeft, PanelRightClose, PanelRightOpen } from 'lucide-react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ChatMessageLog } from '@/features/chat/components/chat-message-log';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth/get-user';
import { useChatMessages } from '@/features/chat/api/get-chat-messages';
import { useTypingIndicator } from '@/features/chat/lib/use-typing-indicator';
import { useJoinedSession } from '@/features/chat/lib/live-socket';
import { useChatNotes } from '@/features/chat/api/agent-availability';
import { useAgentChat } from '@/features/chat/api/get-agent-chat';
import { useAssignAgentChat } from '@/features/chat/api/assign-agent-chat';
import { useReopenAgentChat } from '@/features/chat/api/reopen-agent-chat';
import { useResolveAgentChat } from '@/features/chat/api/resolve-agent-chat';
import { AssigneeText, ChatDetails, chatStatusText } from './chat-details';
import { ChatStateControl } from './chat-state-control';
import { ChatComposer } from './chat-composer';
import { HeldReplies } from './chat-email-reach';
import { useMessageComposer } from '@/features/chat/lib/use-message-composer';
import { notesInLog } from './chat-private-notes';
import { useConsoleCommands } from './console-shortcuts';

/** Focuses the element with `id` once it is rendered (within about a second). */
function focusWhenShown(id: string, tries = 60) {
  const element = document.getElementById(id);
  if (element) element.focus();
  else if (tries > 0) requestAnimationFrame(() => focusWhenShown(id, tries - 1));
}

/** Side by side (wide screens), or one of the phone's screens. */
export type ConversationView = 'wide' | 'conversation' | 'details';

export interface ConversationProps {
  sessionId: string;
  view: ConversationView;
  /** Wide screens: whether the details sidebar shows, and its toggle. */
  detailsOpen: boolean;
  onToggleDetails: () => void;
  /** Phones: to the details screen, and back one screen. */
  onOpenDetails: () => void;
  onBack: () => void;
}

const actionClass =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const secondaryAction = cn(
  actionClass,
  'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700',
);
const primaryAction = cn(actionClass, 'bg-brand-dark text-white hover:brightness-90');
const iconButton =
  'inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800';

export function ChatConsoleConversation(props: ConversationProps) {
  const { sessionId, view, onBack } = props;
  useJoinedSession(sessionId);
  const chat = useAgentChat(sessionId);

  if (chat.isPending || chat.isError) {
    return (
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {view !== 'wide' && (
          <div className="border-b border-gray-200 px-2 py-1.5 dark:border-gray-800">
            <button type="button" className={iconButton} onClick={onBack}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Back to the inbox
            </button>
          </div>
        )}
        {chat.isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 p-12 text-sm">
            <Spinner className="h-5 w-5 text-brand" />
            <span>Loading chat...</span>
          </div>
        ) : (
          <div className="p-6 text-sm">
            <p role="alert" className="text-red-700 dark:text-red-300">
              {chat.error.message}
            </p>
            <Button variant="secondary" className="mt-2" onClick={() => void chat.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </div>
    );
  }
  return <Conversation chat={chat.data} {...props} />;
}

function Conversation({ chat, view, detailsOpen, onToggleDetails, onOpenDetails, onBack }: ConversationProps & { chat: ChatSummary }) {
  const { sessionId } = chat;
  const { data: me } = useUser();
  const messages = useChatMessages(sessionId);
  const reply = useMessageComposer(sessionId);
  const notes = useChatNotes(sessionId);
  const visitorTyping = useTypingIndicator(sessionId, 'user');
  const assign = useAssignAgentChat();
  const resolve = useResolveAgentChat();
  const reopen = useReopenAgentChat();
  const resolved = chat.status === 'resolved';
  const mine = Boolean(me && chat.assignedAgentId === me.id);
  const headingId = `conversation-heading-${sessionId}`;
  const detailsId = `chat-details-${sessionId}`;
  useConsoleCommands((command) => {
    if (command === 'assign' && !mine && !assign.isPending) assign.mutate(sessionId);
    if (command === 'reopen' && resolved && !reopen.isPending) reopen.mutate(sessionId);
    if (command === 'details') {
      if (view === 'wide') onToggleDetails();
      else if (view === 'conversation') onOpenDetails();
    }
    if (command === 'transfer') {
      if (view === 'wide' && !detailsOpen) onToggleDetails();
      if (view === 'conversation') onOpenDetails();
      focusWhenShown(`transfer-${sessionId}-agent`);
    }
  });

  if (view === 'details') {
    return (
      <section aria-labelledby={headingId} className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex shrink-0 items-center gap-2 border-b border-gray-200 px-2 py-1.5 dark:border-gray-800">
          <button type="button" className={iconButton} onClick={onBack}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to the conversation
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">
          <h2 id={headingId} className="mb-4 truncate text-lg font-semibold">
            <bdi>{chat.visitorName}</bdi>
          </h2>
          <ChatDetails chat={chat} />
        </div>
      </section>
    );
  }

  const wide = view === 'wide';
  return (
    <section aria-labelledby={headingId} className="flex min-h-0 min-w-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-200 px-3 py-2 dark:border-gray-800">
          {!wide && (
            <button type="button" className={iconButton} onClick={onBack} aria-label="Back to the inbox">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
          {/* At least 8rem for the name: on a phone the actions wrap under it. */}
          <div className="min-w-0 flex-1 basis-32">
            <h2 id={headingId} className="truncate text-base font-semibold">
              <bdi>{chat.visitorName}</bdi>
            </h2>
            <p className="truncate text-xs text-gray-600 dark:text-gray-400">
              {chatStatusText(chat)} · <AssigneeText chat={chat} />
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={secondaryAction}
              disabled={mine || assign.isPending}
              onClick={() => assign.mutate(sessionId)}
            >
              {mine ? 'Assigned to you' : assign.isPending ? 'Assigning...' : 'Assign to me'}
            </button>
            <ChatStateControl chat={chat} buttonClass={secondaryAction} />
            {resolved ? (
              <button type="button" className={primaryAction} disabled={reopen.isPending} onClick={() => reopen.mutate(sessionId)}>
                {reopen.isPending ? 'Reopening...' : 'Reopen'}
              </button>
            ) : (
              <button type="button" className={primaryAction} disabled={resolve.isPending} onClick={() => resolve.mutate(sessionId)}>
                {resolve.isPending ? 'Resolving...' : 'Resolve'}
              </button>
            )}
            {wide ? (
              <button
                type="button"
                className={iconButton}
                aria-expanded={detailsOpen}
                aria-controls={detailsId}
                onClick={onToggleDetails}
                title={detailsOpen ? 'Hide the details' : 'Show the details'}
              >
                {detailsOpen ? (
                  <PanelRightClose className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <PanelRightOpen className="h-4 w-4" aria-hidden="true" />
                )}
                Details
              </button>
            ) : (
              <button type="button" className={iconButton} onClick={onOpenDetails}>
                <PanelRightOpen className="h-4 w-4" aria-hidden="true" />
                Details
              </button>
            )}
          </div>
        </header>

        {notes.isError && (
          <p role="alert" className="shrink-0 border-b border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-red-700 dark:border-amber-700 dark:bg-amber-950/40 dark:text-red-300">
            Could not load the private notes.{' '}
            <button type="button" className="underline" onClick={() => void notes.refetch()}>
              Try again
            </button>
          </p>
        )}

        <ChatMessageLog
          messages={messages}
          own="agent"
          senderName={(sender) => (sender === 'agent' ? 'Support' : chat.visitorName)}
          visibleNames
          emptyText="No messages yet."
          typingText={visitorTyping ? 'Visitor is typing…' : null}
          interleave={notes.data ? notesInLog(notes.data) : undefined}
          pending={{ entries: reply.pending, onEdit: reply.edit, onDiscard: reply.discard }}
          className="relative min-h-0 flex-1 bg-gray-50 px-4 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand dark:bg-gray-950"
        />

        <HeldReplies sessionId={sessionId} />
        <ChatComposer chat={chat} reply={reply} />
      </div>
      {wide && (
        <aside
          id={detailsId}
          aria-label="Chat details"
          hidden={!detailsOpen}
          className="w-72 shrink-0 overflow-y-auto border-l border-gray-200 bg-white p-4 xl:w-80 dark:border-gray-800 dark:bg-gray-900"
        >
          {detailsOpen && <ChatDetails chat={chat} />}
        </aside>
      )}
    </section>
  );
}

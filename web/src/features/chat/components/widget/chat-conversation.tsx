// An active chat as the visitor sees it: messages (theirs on the right, the
// agent's on the left, system notices centred), typing, the one status line
// (who answers, and when) and the message box.

import 'virtual:catalog/en/widget';
import { SendHorizontal } from 'lucide-react';
import { useRef } from 'react';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { AttachButton, AttachmentDraftChip, useFileDrop } from '@/features/chat/components/attachments/attachment-controls';
import { ChatMessageLog } from '@/features/chat/components/chat-message-log';
import { useChatMessages } from '@/features/chat/api/get-chat-messages';
import { maxMessageLength } from '@/features/chat/lib/message-format';
import { useMessageComposer } from '@/features/chat/lib/use-message-composer';
import { useTypingIndicator } from '@/features/chat/lib/use-typing-indicator';
import { useEmailEnabled } from '../../api/email-status';
import { ChatRatingForm } from './chat-rating';
import { ChatStatusLine } from './chat-status-line';
import { useFullScreen } from '../../lib/full-screen-panel';
import { ChatTranscriptButton } from './chat-transcript-button';
import { useLatestInView } from '../../lib/use-latest-in-view';

export function ChatConversation({ session, onNewChat }: { session: WidgetChat; onNewChat: () => void }) {
  const { sessionId } = session;
  const messages = useChatMessages(sessionId);
  const agentTyping = useTypingIndicator(sessionId, 'agent');
  const composer = useMessageComposer(sessionId);
  const drop = useFileDrop(composer.attach);
  const resolved = session.status === 'resolved';
  // The transcript is offered only when the site sends email.
  const emailEnabled = useEmailEnabled();
  // On a phone the box starts one line tall (it grows as text wraps): with the
  // keyboard up every line is the conversation's.
  const fullScreen = useFullScreen();
  const logRef = useRef<HTMLDivElement>(null);
  useLatestInView(logRef);

  return (
    <>
      <div ref={logRef} className="flex min-h-0 flex-1 flex-col">
        <ChatMessageLog
          messages={messages}
          own="user"
          senderName={(sender) => (sender === 'user' ? t('widget.conversation.you') : t('widget.conversation.support'))}
          visibleNames={false}
          emptyText={t('widget.conversation.empty')}
          typingText={agentTyping ? t('widget.conversation.typing') : null}
          className="min-h-0 flex-1 overscroll-contain px-4 py-3 focus-visible:-outline-offset-2"
          pending={{ entries: composer.pending, onEdit: composer.edit, onDiscard: composer.discard }}
        />
      </div>
      {emailEnabled === true && messages.data && messages.data.length > 0 && <ChatTranscriptButton sessionId={sessionId} />}
      <ChatStatusLine chat={session} />
      {resolved ? (
        // Compact (two short rows), so the conversation above stays readable.
        <div className="shrink-0 space-y-2 border-t border-gray-200 px-3 py-2 dark:border-gray-700">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('widget.conversation.resolved')}</p>
            <Button onClick={onNewChat}>{t('widget.conversation.newChat')}</Button>
          </div>
          <ChatRatingForm sessionId={sessionId} />
        </div>
      ) : (
        <form
          onSubmit={composer.submit}
          {...drop.handlers}
          className={cn(
            'flex shrink-0 flex-wrap items-end gap-2 border-t border-gray-200 p-3 dark:border-gray-700',
            drop.dragging && 'bg-brand/10 outline-2 outline-dashed outline-brand',
          )}
        >
          {composer.draft && <AttachmentDraftChip draft={composer.draft} onRemove={composer.removeAttachment} />}
          <AttachButton onFile={composer.attach} />
          <label htmlFor={`chat-message-${sessionId}`} className="sr-only">
            {t('widget.conversation.message')}
          </label>
          <textarea
            id={`chat-message-${sessionId}`}
            dir="auto"
            rows={fullScreen ? 1 : 2}
            maxLength={maxMessageLength}
            placeholder={t('widget.conversation.placeholder')}
            value={composer.text}
            onChange={(e) => composer.onChange(e.target.value)}
            onKeyDown={composer.onKeyDown}
            className="block max-h-32 min-h-11 flex-1 resize-none rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 sm:text-sm placeholder:text-gray-500 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
          />
          <Button type="submit" aria-label={t('widget.conversation.send')} disabled={!composer.canSend} className="h-11 w-11 shrink-0 px-0">
            <SendHorizontal className="h-4 w-4" aria-hidden="true" />
          </Button>
        </form>
      )}
    </>
  );
}

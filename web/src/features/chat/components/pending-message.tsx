// A message of the viewer's that the server has not stored yet (the outbox):
// drawn as their own, with "Sending…" under it, or, when the server refused
// it for good, its reason and the choice to edit or discard it.

import 'virtual:catalog/en/widget';
import { AlertCircle, Clock } from 'lucide-react';
import type { OutboxEntry } from '@/features/chat/lib/outbox';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { MessageAttachmentView } from './attachments/message-attachment';

export function PendingMessage({
  entry,
  onEdit,
  onDiscard,
}: {
  entry: OutboxEntry;
  onEdit: (entry: OutboxEntry) => void;
  onDiscard: (clientMessageId: string) => void;
}) {
  const refused = entry.problem !== null;
  return (
    <li data-pending-id={entry.clientMessageId} className="flex flex-col items-end">
      <span className="sr-only">{t('widget.pending.you')} </span>
      {entry.attachment && (
        <div className="mb-1 max-w-[80%] opacity-70">
          <MessageAttachmentView attachment={entry.attachment} />
        </div>
      )}
      {(entry.message || !entry.attachment) && (
        <p
          className={cn(
            'max-w-[80%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
            refused
              ? 'border border-red-300 bg-red-50 text-gray-900 dark:border-red-800 dark:bg-red-950 dark:text-gray-100'
              : 'bg-brand-dark/75 text-white',
          )}
        >
          <bdi>{entry.message}</bdi>
        </p>
      )}
      {refused ? (
        <div role="alert" className="mt-1 flex max-w-[80%] flex-wrap items-center justify-end gap-x-2 gap-y-1 text-xs">
          <span className="flex items-center gap-1 text-red-700 dark:text-red-300">
            <AlertCircle className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            {t('widget.pending.notSent')}: {entry.problem}
          </span>
          <button
            type="button"
            onClick={() => onEdit(entry)}
            className="min-h-6 rounded font-semibold text-brand-dark underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand dark:text-brand-light"
          >
            {t('widget.pending.edit')}
          </button>
          <button
            type="button"
            onClick={() => onDiscard(entry.clientMessageId)}
            className="min-h-6 rounded font-semibold text-gray-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand dark:text-gray-300"
          >
            {t('widget.pending.discard')}
          </button>
        </div>
      ) : (
        <span className="mt-0.5 flex items-center gap-1 text-xs text-gray-600 dark:text-gray-300">
          <Clock className="h-3 w-3" aria-hidden="true" />
          {t('widget.sending')}
        </span>
      )}
    </li>
  );
}

// The reply box's attachment parts, shared by the widget and the console: a
// paperclip button (a hidden file input behind it), the waiting file with its
// upload progress and a cancel, and the drop/paste handlers for the form.

import 'virtual:catalog/en/widget';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { FileText, Paperclip, X } from 'lucide-react';
import { formatPercent, t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { attachmentAccept, fileSize } from '@/features/chat/api/upload-attachment';
import type { AttachmentDraft } from '@/features/chat/lib/use-attachment-draft';

export function AttachButton({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={attachmentAccept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attachment-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again still counts.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <button
        type="button"
        aria-label={t('widget.attach.button')}
        title={t('widget.attach.hint')}
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-gray-300 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50 dark:border-gray-600 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <Paperclip className="h-4 w-4" aria-hidden="true" />
      </button>
    </>
  );
}

export function AttachmentDraftChip({ draft, onRemove }: { draft: AttachmentDraft; onRemove: () => void }) {
  const id = useId();
  const preparing = draft.status === 'preparing';
  const uploading = draft.status === 'uploading';
  const percent = uploading ? Math.round(draft.progress * 100) : 100;
  const original = draft.status === 'uploading' || draft.status === 'ready' ? draft.original : undefined;
  return (
    <div className="w-full" data-testid="attachment-draft">
      <div
        className={cn(
          'flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm',
          draft.status === 'failed'
            ? 'border-red-300 bg-red-50 dark:border-red-700 dark:bg-red-950'
            : 'border-gray-300 bg-gray-50 dark:border-gray-600 dark:bg-gray-800',
        )}
      >
        <FileText className="h-4 w-4 shrink-0 text-gray-600 dark:text-gray-300" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate text-gray-900 dark:text-gray-100" id={`${id}-name`}>
          <bdi>{draft.file.name}</bdi> <span className="text-gray-600 dark:text-gray-300">({fileSize(draft.file.size)})</span>
        </span>
        {uploading && (
          <span className="text-xs text-gray-700 tabular-nums dark:text-gray-300" aria-hidden="true">
            {formatPercent(percent / 100, 0)}
          </span>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={uploading || preparing ? t('widget.attach.cancel') : t('widget.attach.remove')}
          className="inline-flex h-7 w-7 items-center justify-center rounded text-gray-700 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand dark:text-gray-200 dark:hover:bg-gray-700"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {preparing && (
        <>
          <p className="mt-1 text-xs text-gray-700 dark:text-gray-300" id={`${id}-preparing`}>
            {t('widget.attach.preparing')}
          </p>
          {/* No value: how long this takes is not known. */}
          <div
            role="progressbar"
            aria-labelledby={`${id}-preparing`}
            className="mt-1 h-1 w-full overflow-hidden rounded bg-gray-200 dark:bg-gray-700"
          >
            <div className="h-full w-1/3 animate-pulse bg-brand" />
          </div>
        </>
      )}
      {uploading && (
        <div
          role="progressbar"
          aria-label={t('widget.attach.uploading', { name: draft.file.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('widget.attach.progress', { percent: formatPercent(percent / 100, 0) })}
          className="mt-1 h-1 w-full overflow-hidden rounded bg-gray-200 dark:bg-gray-700"
        >
          <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      {original && (
        <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">{t('widget.attach.reduced', { size: fileSize(original.size) })}</p>
      )}
      {draft.status === 'failed' && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {draft.problem}
        </p>
      )}
      {draft.status === 'ready' && <span className="sr-only">{t('widget.attach.ready')}</span>}
    </div>
  );
}

/** Drag-and-drop and paste of a file onto the reply box's form. */
export function useFileDrop(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      },
      onPaste: (event: ClipboardEvent) => {
        // A pasted screenshot arrives as a file; pasted text stays text.
        const file = Array.from(event.clipboardData.files)[0];
        if (!file) return;
        event.preventDefault();
        onFile(file);
      },
    },
  };
}

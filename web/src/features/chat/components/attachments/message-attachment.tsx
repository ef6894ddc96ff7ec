// An attachment in the chat log: an image as its thumbnail (a link that opens
// the full image), a PDF as a chip with its name and size (a link that
// downloads it). Only our own URLs, built from the attachment's id. A thumbnail
// (at most 320 px) shows at its own size, never enlarged.

import 'virtual:catalog/en/widget';
import { FileText } from 'lucide-react';
import type { MessageAttachment } from '@/api-types/MessageAttachment';
import { t } from '@/i18n/i18n';
import { attachmentUrl, fileSize } from '@/features/chat/api/upload-attachment';

/** The server's thumbnails fit in this square (`THUMBNAIL_SIDE`); they are never enlarged. */
const thumbnailSide = 320;
/** The log shows a thumbnail at most this tall (`max-h-60`). */
const shownHeight = 240;

/**
 * The box a thumbnail takes in the log, from the image's stored size, so the
 * log is laid out before the image arrives and it keeps its scroll position
 * when the image loads. Null when the size is not known.
 */
export function thumbnailBox(width: number | null, height: number | null): { width: number; height: number } | null {
  if (!width || !height) return null;
  const thumbnail = Math.min(1, thumbnailSide / Math.max(width, height));
  const scale = thumbnail * Math.min(1, shownHeight / (height * thumbnail));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function MessageAttachmentView({ attachment }: { attachment: MessageAttachment }) {
  const url = attachmentUrl(attachment.id);
  if (attachment.kind === 'image') {
    const box = thumbnailBox(attachment.width, attachment.height);
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand" data-testid="attachment-image">
        <img
          src={attachmentUrl(attachment.id, true)}
          alt={attachment.filename}
          loading="lazy"
          width={box?.width}
          height={box?.height}
          // Width from the stored size, height from its ratio: narrower logs shrink both alike.
          style={box ? { width: box.width, aspectRatio: `${box.width} / ${box.height}` } : undefined}
          className={
            box
              ? 'block h-auto max-w-full rounded-lg border border-gray-200 bg-gray-50 object-scale-down dark:border-gray-700 dark:bg-gray-800'
              : 'block h-auto max-h-60 min-h-12 w-auto max-w-full min-w-12 rounded-lg border border-gray-200 bg-gray-50 object-scale-down dark:border-gray-700 dark:bg-gray-800'
          }
        />
        <span className="sr-only">{t('widget.attach.openImage', { name: attachment.filename })}</span>
      </a>
    );
  }
  return (
    <a
      href={url}
      download={attachment.filename}
      data-testid="attachment-file"
      className="flex max-w-full items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
    >
      <FileText className="h-5 w-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
      <span className="min-w-0 truncate">
        <bdi>{attachment.filename}</bdi>
      </span>
      <span className="shrink-0 text-xs text-gray-600 dark:text-gray-300">{fileSize(attachment.byteSize)}</span>
      <span className="sr-only">{t('widget.attach.download')}</span>
    </a>
  );
}

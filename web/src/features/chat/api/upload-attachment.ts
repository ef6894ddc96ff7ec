// POST /api/chat/sessions/{id}/attachments — one file (image or PDF) for the
// chat, with upload progress and a cancel. XMLHttpRequest, not fetch: only it
// reports upload progress in every browser. The answer is the stored
// attachment, which the next message carries by id.

import 'virtual:catalog/en/widget';
import type { MessageAttachment } from '@/api-types/MessageAttachment';
import { formatNumber, t } from '@/i18n/i18n';

/** The file types the server keeps (decided there from the bytes). */
export const attachmentAccept = 'image/png,image/jpeg,image/webp,image/gif,application/pdf,.pdf';

/** What the browser says of a file it refuses or could not upload, in the page's language. */
export const attachmentTexts = {
  tooLarge: (mib: number) => t('widget.attach.tooLarge', { mib: formatNumber(mib, { maximumFractionDigits: 20, useGrouping: false }) }),
  notAllowed: () => t('widget.attach.notAllowed'),
  failed: () => t('widget.attach.failed'),
  empty: () => t('widget.attach.empty'),
} as const;

/** Why an upload failed, in words for the person who sent it. */
export class UploadError extends Error {
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

export interface UploadHandle {
  done: Promise<MessageAttachment>;
  cancel: () => void;
}

function serverMessage(request: XMLHttpRequest): string | null {
  try {
    const body: unknown = JSON.parse(request.responseText);
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return (body as { message: string }).message;
    }
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return null;
}

/**
 * Starts uploading `file` to chat `sessionId`; `onProgress` gets 0–1 as the
 * bytes leave. `cancel()` aborts it (the promise then rejects with an
 * `AbortError`).
 */
export function uploadAttachment(
  sessionId: string,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const request = new XMLHttpRequest();
  const done = new Promise<MessageAttachment>((resolve, reject) => {
    request.open('POST', `/api/chat/sessions/${encodeURIComponent(sessionId)}/attachments`);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201) {
        try {
          resolve(JSON.parse(request.responseText) as MessageAttachment);
        } catch {
          reject(new UploadError(attachmentTexts.failed(), request.status));
        }
        return;
      }
      const words = serverMessage(request);
      const known = request.status === 400 || request.status === 413 || request.status === 429;
      reject(new UploadError(known && words ? words : attachmentTexts.failed(), request.status));
    };
    request.onerror = () => reject(new UploadError(attachmentTexts.failed(), null));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
  return { done, cancel: () => request.abort() };
}

/** What the browser can tell before sending: too large, or plainly not an image or PDF. */
export function precheckAttachment(file: File, maxMib: number): string | null {
  if (file.size > maxMib * 1024 * 1024) return attachmentTexts.tooLarge(maxMib);
  if (file.size === 0) return attachmentTexts.empty();
  // The type here is the browser's guess from the name; the server decides from the bytes.
  const known = /^(image\/(png|jpeg|webp|gif)|application\/pdf)$/.test(file.type) || /\.pdf$/i.test(file.name);
  return known || file.type === '' ? null : attachmentTexts.notAllowed();
}

/** A file size in words: "812 KB", "2.4 MB" ("2,4 Mo" in French). */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return t('widget.size.kb', { size: String(Math.max(1, Math.ceil(bytes / 1024))) });
  const megabytes = formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return t('widget.size.mb', { size: megabytes });
}

/** Where an attachment (or its thumbnail) is served. */
export function attachmentUrl(id: string, thumbnail = false): string {
  return `/api/chat/attachments/${encodeURIComponent(id)}${thumbnail ? '/thumbnail' : ''}`;
}

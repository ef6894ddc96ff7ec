// POST /api/admin/uploads — one image as multipart/form-data (part `file`), 201 with the upload.
// Sent with XMLHttpRequest rather than the fetch-based client: fetch reports no upload progress.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { imageUploadMaxMib } from '@/api-types/input-limits';
import type { Upload } from '@/api-types/Upload';
import { isOnline, RequestError } from '@/lib/api-client';
import type { ErrorBody } from '@/lib/api-types';
import { readFailureMessage, type RequestFailure } from '@/lib/error-catalogue';
import { uploadsKey } from './list-uploads';

/** The server's words, used for the same checks made here before sending. */
export const uploadTexts = {
  noFile: 'Choose an image file to upload',
  empty: 'The file is empty',
  wrongType: 'Only PNG, JPEG, WebP or GIF images can be uploaded',
  tooLarge: `Images must be at most ${imageUploadMaxMib} MiB`,
} as const;

export const maxUploadBytes = imageUploadMaxMib * 1024 * 1024;

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const imageExtensions = /\.(png|jpe?g|webp|gif)$/i;

/**
 * The checks made before uploading, in the server's order and words; null
 * when the file may be sent. The type is a first hint (the MIME type the
 * browser gives, else the extension): the server reads the image itself.
 */
export function checkImageFile(file: File | null | undefined): string | null {
  if (!file) return uploadTexts.noFile;
  if (file.size === 0) return uploadTexts.empty;
  const typeKnown = file.type !== '';
  if (typeKnown ? !imageTypes.has(file.type.toLowerCase()) : !imageExtensions.test(file.name)) {
    return uploadTexts.wrongType;
  }
  if (file.size > maxUploadBytes) return uploadTexts.tooLarge;
  return null;
}

/** The text for a failed upload: the server's message, else the catalogue's (413 in this endpoint's words). */
export function describeUploadFailure(failure: RequestFailure): string {
  if (failure.kind === 'http' && failure.status === 413 && !failure.body?.message) return uploadTexts.tooLarge;
  return readFailureMessage(failure);
}

function parseBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as ErrorBody) : {};
  } catch {
    return null;
  }
}

export interface UploadImage {
  file: File;
  /** Called as the body goes out, with the fraction sent (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Uploads one image; rejects with a RequestError in the server's words (or the check's, before sending). */
export function uploadImage({ file, onProgress, signal }: UploadImage): Promise<Upload> {
  const refused = checkImageFile(file);
  if (refused) {
    const failure: RequestFailure = { kind: 'http', status: 400, statusText: 'Bad Request', body: { message: refused } };
    return Promise.reject(new RequestError(failure, refused));
  }
  return new Promise<Upload>((resolve, reject) => {
    const fail = (failure: RequestFailure) => reject(new RequestError(failure, describeUploadFailure(failure)));
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/uploads');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        const body = parseBody(request.responseText);
        if (body === null) {
          fail({ kind: 'http', status: request.status, statusText: request.statusText, body: null });
          return;
        }
        onProgress?.(1);
        resolve(body as Upload);
        return;
      }
      fail({
        kind: 'http',
        status: request.status,
        statusText: request.statusText,
        body: parseBody(request.responseText),
      });
    };
    request.onerror = () => fail(isOnline() ? { kind: 'network' } : { kind: 'offline' });
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/** Uploads an image and refreshes the uploads list. */
export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'uploads', 'create'],
    mutationFn: uploadImage,
    onSuccess: () => client.invalidateQueries({ queryKey: uploadsKey }),
  });
}

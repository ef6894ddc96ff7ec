// The file waiting in a reply box: checked in the browser first (size,
// plain type), uploaded at once with its progress, cancellable, and then sent
// with the next message by id. One file per message.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageAttachment } from '@/api-types/MessageAttachment';
import { useSiteSettings } from '@/lib/site-settings';
import { precheckAttachment, uploadAttachment, type UploadHandle } from '../api/upload-attachment';

export type AttachmentDraft =
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'ready'; file: File; attachment: MessageAttachment }
  | { status: 'failed'; file: File; problem: string };

export function useAttachmentDraft(sessionId: string | null | undefined) {
  const maxMib = useSiteSettings().chatAttachmentMaxMib;
  const [draft, setDraft] = useState<AttachmentDraft | null>(null);
  const upload = useRef<UploadHandle | null>(null);

  const stop = useCallback(() => {
    const current = upload.current;
    upload.current = null;
    current?.cancel();
  }, []);
  // Leaving the chat abandons an upload in flight.
  useEffect(() => stop, [stop, sessionId]);

  const attach = useCallback(
    (file: File) => {
      if (!sessionId) return;
      stop();
      const refused = precheckAttachment(file, maxMib);
      if (refused) {
        setDraft({ status: 'failed', file, problem: refused });
        return;
      }
      setDraft({ status: 'uploading', file, progress: 0 });
      const handle = uploadAttachment(sessionId, file, (progress) => {
        if (upload.current === handle) setDraft({ status: 'uploading', file, progress });
      });
      upload.current = handle;
      handle.done.then(
        (attachment) => {
          if (upload.current !== handle) return;
          upload.current = null;
          setDraft({ status: 'ready', file, attachment });
        },
        (error: unknown) => {
          if (upload.current !== handle) return;
          upload.current = null;
          setDraft({ status: 'failed', file, problem: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [maxMib, sessionId, stop],
  );

  /** Cancels an upload in flight, or drops the file. */
  const remove = useCallback(() => {
    stop();
    setDraft(null);
  }, [stop]);

  return { draft, attach, remove };
}

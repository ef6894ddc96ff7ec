// The file waiting in a reply box: checked in the browser first (size,
// plain type), made smaller first on a slow link (./downscale.ts), uploaded
// at once with its progress, cancellable, and then sent with the next message
// by id. One file per message.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageAttachment } from '@/api-types/MessageAttachment';
import { useSiteSettings } from '@/lib/site-settings';
import { precheckAttachment, uploadAttachment, type UploadHandle } from '../api/upload-attachment';
import { downscaleImage, wantsDownscale } from './downscale';

export type AttachmentDraft =
  /** Being made smaller for a slow link. */
  | { status: 'preparing'; file: File }
  /** `original` is the file chosen when what uploads is a smaller copy of it. */
  | { status: 'uploading'; file: File; progress: number; original?: File }
  | { status: 'ready'; file: File; attachment: MessageAttachment; original?: File }
  | { status: 'failed'; file: File; problem: string };

export function useAttachmentDraft(sessionId: string | null | undefined) {
  const maxMib = useSiteSettings().chatAttachmentMaxMib;
  const [draft, setDraft] = useState<AttachmentDraft | null>(null);
  const upload = useRef<UploadHandle | null>(null);
  /** Bumped by every attach and stop, so a late downscale or upload knows it was overtaken. */
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    const current = upload.current;
    upload.current = null;
    current?.cancel();
  }, []);
  // Leaving the chat abandons an upload in flight.
  useEffect(() => stop, [stop, sessionId]);

  const attach = useCallback(
    (chosen: File) => {
      if (!sessionId) return;
      stop();
      const mine = generation.current;
      const refused = precheckAttachment(chosen, maxMib);
      if (refused) {
        setDraft({ status: 'failed', file: chosen, problem: refused });
        return;
      }
      const send = (file: File) => {
        const original = file === chosen ? undefined : chosen;
        setDraft({ status: 'uploading', file, progress: 0, original });
        const handle = uploadAttachment(sessionId, file, (progress) => {
          if (upload.current === handle) setDraft({ status: 'uploading', file, progress, original });
        });
        upload.current = handle;
        handle.done.then(
          (attachment) => {
            if (upload.current !== handle) return;
            upload.current = null;
            setDraft({ status: 'ready', file, attachment, original });
          },
          (error: unknown) => {
            if (upload.current !== handle) return;
            upload.current = null;
            setDraft({ status: 'failed', file, problem: error instanceof Error ? error.message : String(error) });
          },
        );
      };
      if (!wantsDownscale(chosen)) return send(chosen);
      setDraft({ status: 'preparing', file: chosen });
      void downscaleImage(chosen).then((file) => {
        if (generation.current === mine) send(file);
      });
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

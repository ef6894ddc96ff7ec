import { ImageUp, Trash2, X } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import type { Upload } from '@/api-types/Upload';
import type { UploadUse } from '@/api-types/UploadUse';
import { imageUploadMaxMib } from '@/api-types/input-limits';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { LoadingMessage } from '@/components/ui/spinner';
import { formatLongDate } from '@/lib/content/dates';
import { toast } from '@/lib/toast-store';
import { useDeleteUpload } from '@/features/content/api/delete-upload';
import { uploadsTexts, useUploads } from '@/features/content/api/list-uploads';
import { checkImageFile, useUploadImage } from '@/features/content/api/upload-image';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { CopyUrlButton } from './copy-url-button';
import { imageAccept, UploadProgress } from './image-field';
import { EmptyList, LoadFailed, RowAction } from '@/components/admin/list-states';
import { countOf } from '@/lib/use-bulk-action';
import { formatBytes, formatDimensions } from '../../lib/upload-format';

/** One file on its way up, or refused (kept on screen with the reason until dismissed). */
interface Sending {
  key: number;
  fileName: string;
  fraction: number;
  error?: string;
}

let lastKey = 0;

/** "Post: Title" / "Event: Title". */
export function usageLabel(use: UploadUse): string {
  return `${use.kind === 'post' ? 'Post' : 'Event'}: ${use.title}`;
}

function UploadCard({ upload, onDelete }: { upload: Upload; onDelete: () => void }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
      <img
        src={upload.url}
        alt={upload.filename}
        width={upload.width}
        height={upload.height}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full bg-gray-100 object-contain dark:bg-gray-800"
      />
      <div className="flex flex-1 flex-col gap-2 p-4 text-sm">
        <p className="font-semibold break-all">{upload.filename}</p>
        <p className="text-gray-700 dark:text-gray-300">
          <span>{formatBytes(upload.byteSize)}</span>
          <span aria-hidden="true"> · </span>
          <span>
            <span className="sr-only">Dimensions </span>
            {formatDimensions(upload.width, upload.height)}
          </span>
        </p>
        <p className="text-gray-700 dark:text-gray-300">
          Uploaded <time dateTime={upload.createdAt}>{formatLongDate(upload.createdAt)}</time>
        </p>
        {upload.usedBy.length === 0 ? (
          <p className="text-gray-700 dark:text-gray-300">Not used by any post or event</p>
        ) : (
          <div className="text-gray-700 dark:text-gray-300">
            <p>Used by:</p>
            <ul className="list-disc pl-5">
              {upload.usedBy.map((use) => (
                <li key={`${use.kind}-${use.id}`} className="break-words">
                  {usageLabel(use)}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <CopyUrlButton path={upload.url} label={upload.filename} />
          <RowAction label="Delete" subject={upload.filename} icon={Trash2} danger className="px-3" onClick={onDelete} />
        </div>
      </div>
    </li>
  );
}

/**
 * /admin/uploads: images dropped on the drop zone or chosen with the file
 * button are checked, then uploaded with a progress bar each; the grid shows
 * every upload (newest first) with its size and dimensions, Copy URL, and
 * Delete, which names the posts and events that use the image first.
 */
export default function AdminUploadsPage() {
  const uploads = useUploads();
  const upload = useUploadImage();
  const remove = useDeleteUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<Upload | null>(null);

  const change = (key: number, patch: Partial<Sending>) =>
    setSending((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const drop = (key: number) => setSending((current) => current.filter((item) => item.key !== key));

  const start = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = ++lastKey;
      const refused = checkImageFile(file);
      setSending((current) => [...current, { key, fileName: file.name, fraction: 0, error: refused ?? undefined }]);
      if (refused) continue;
      upload
        .mutateAsync({ file, onProgress: (fraction) => change(key, { fraction }) })
        .then((uploaded) => {
          drop(key);
          toast({ title: 'Image uploaded', description: uploaded.filename });
        })
        .catch((failure: unknown) => change(key, { error: failure instanceof Error ? failure.message : String(failure) }));
    }
  };

  const onDrag = (event: DragEvent<HTMLDivElement>, over: boolean) => {
    event.preventDefault();
    setDragging(over);
  };

  let grid;
  if (uploads.isPending) {
    grid = <LoadingMessage>Loading uploads...</LoadingMessage>;
  } else if (uploads.isError) {
    grid = (
      <LoadFailed
        title={uploadsTexts.listFailed}
        message={uploads.error.message}
        onRetry={() => void uploads.refetch()}
        retrying={uploads.isFetching}
      />
    );
  } else if (uploads.data.length === 0) {
    grid = <EmptyList>No images uploaded yet. Drop one above or choose a file.</EmptyList>;
  } else {
    grid = (
      <ul aria-label="Uploaded images" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {uploads.data.map((item) => (
          <UploadCard key={item.id} upload={item} onDelete={() => setDeleting(item)} />
        ))}
      </ul>
    );
  }

  const used = deleting?.usedBy ?? [];

  return (
    <AdminSectionPage path="/admin/uploads">
      <div
        onDragEnter={(event) => onDrag(event, true)}
        onDragOver={(event) => onDrag(event, true)}
        onDragLeave={(event) => onDrag(event, false)}
        onDrop={(event) => {
          onDrag(event, false);
          start(event.dataTransfer.files);
        }}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center transition-colors',
          dragging
            ? 'border-brand-dark bg-pink-50 dark:border-brand-light dark:bg-gray-800'
            : 'border-gray-300 dark:border-gray-600',
        )}
      >
        <ImageUp aria-hidden="true" className="h-10 w-10 text-gray-600 dark:text-gray-300" />
        <p className="font-semibold">Drag and drop images here</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">or</p>
        <Button onClick={() => fileInput.current?.click()}>Choose images</Button>
        <p className="text-sm text-gray-700 dark:text-gray-300">{`PNG, JPEG, WebP or GIF, at most ${imageUploadMaxMib} MiB each.`}</p>
        <input
          ref={fileInput}
          type="file"
          accept={imageAccept}
          multiple
          hidden
          onChange={(event) => {
            start(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {sending.length > 0 && (
        <ul aria-label="Uploads in progress" className="mt-6 space-y-3">
          {sending.map((item) => (
            <li key={item.key} className="rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-700">
              <div className="flex items-center justify-between gap-3">
                <span className="font-semibold break-all">{item.fileName}</span>
                {item.error && (
                  <Button
                    aria-label={`Dismiss ${item.fileName}`}
                    variant="ghost"
                    className="px-2"
                    onClick={() => drop(item.key)}
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                    Dismiss
                  </Button>
                )}
              </div>
              {item.error ? (
                <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
                  {item.error}
                </p>
              ) : (
                <UploadProgress fileName={item.fileName} fraction={item.fraction} />
              )}
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-10 text-2xl font-bold">Images</h2>
      <p role="status" className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        {uploads.data && countOf(uploads.data.length, 'image')}
      </p>
      <div className="mt-4">{grid}</div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this image?"
        confirmLabel={used.length > 0 ? 'Delete anyway' : 'Delete image'}
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Image deleted', description: deleting.filename }),
            onError: (error) => toast({ title: 'The image was not deleted', description: error.message, variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        {used.length > 0 ? (
          <>
            <p>“{deleting?.filename}” is still in use. Deleting it takes the image away from:</p>
            <ul className="mt-2 list-disc pl-6">
              {used.map((use) => (
                <li key={`${use.kind}-${use.id}`} className="break-words">
                  {usageLabel(use)}
                </li>
              ))}
            </ul>
            <p className="mt-2">They will show the default image instead. This cannot be undone.</p>
          </>
        ) : (
          <p>“{deleting?.filename}” is not used by any post or event. Deleting it cannot be undone.</p>
        )}
      </ConfirmDialog>
    </AdminSectionPage>
  );
}

import { Upload as UploadIcon } from 'lucide-react';
import { forwardRef, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { imageUploadMaxMib } from '@/api-types/input-limits';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';
import { checkImageFile, useUploadImage } from '@/features/content/api/upload-image';
import { InputField } from '@/components/admin/form-fields';

/** The file types the picker offers (the server takes these four). */
export const imageAccept = 'image/png,image/jpeg,image/webp,image/gif';

/** A progress bar for one upload, named by its file and announcing the percentage as text too. */
export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-2 flex items-center gap-3 text-sm">
      <progress
        aria-label={`Uploading ${fileName}`}
        value={percent}
        max={100}
        className="h-2 w-full max-w-xs overflow-hidden rounded [&::-moz-progress-bar]:bg-brand-dark [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-dark dark:[&::-webkit-progress-bar]:bg-gray-700"
      />
      <span aria-hidden="true" className="tabular-nums">
        {percent}%
      </span>
    </div>
  );
}

type Props = InputHTMLAttributes<HTMLInputElement> & {
  error?: string;
  /** The uploaded image's address, to put in the field. */
  onUploaded: (url: string) => void;
};

/**
 * The Image field of the enhanced editors: a web address or site path typed
 * in, or an image uploaded inline (checked here first, then sent with a
 * progress bar) whose /objects/ address fills the field.
 */
export const ImageField = forwardRef<HTMLInputElement, Props>(function ImageField(
  { error, onUploaded, ...inputProps },
  ref,
) {
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const upload = useUploadImage();
  const [progress, setProgress] = useState<{ fileName: string; fraction: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const start = (file: File | undefined) => {
    const refused = checkImageFile(file);
    if (refused || !file) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setProgress({ fileName: file.name, fraction: 0 });
    upload
      .mutateAsync({ file, onProgress: (fraction) => setProgress({ fileName: file.name, fraction }) })
      .then((uploaded) => {
        onUploaded(uploaded.url);
        toast({ title: 'Image uploaded', description: uploaded.filename });
      })
      .catch((failure: unknown) => setProblem(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setProgress(null));
  };

  return (
    <div>
      <InputField
        ref={ref}
        label="Image"
        error={error}
        hint="Upload an image below, or give a site path (/objects/… or /images/…). Images from other sites are not taken: every visitor would fetch them from there."
        placeholder="/objects/…"
        {...inputProps}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={progress !== null}>
          <UploadIcon aria-hidden="true" className="h-4 w-4" />
          Upload image
        </Button>
        <span className="text-sm text-gray-700 dark:text-gray-300">{`PNG, JPEG, WebP or GIF, at most ${imageUploadMaxMib} MiB.`}</span>
        <input
          ref={fileInput}
          type="file"
          accept={imageAccept}
          hidden
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            start(event.target.files?.[0]);
            // The same file can be chosen again after a failure.
            event.target.value = '';
          }}
        />
      </div>
      {progress && <UploadProgress fileName={progress.fileName} fraction={progress.fraction} />}
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
});

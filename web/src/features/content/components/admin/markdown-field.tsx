import { Bold, Heading2, ImagePlus, Italic, Link2, List } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/admin/form-fields';
import { toast } from '@/lib/toast-store';
import { checkImageFile, useUploadImage } from '@/features/content/api/upload-image';
import { imageAccept, UploadProgress } from './image-field';
import type { BlogPostValues } from '../../lib/blog-post-model';

/** What a toolbar button does to the selection: the text before and after it, and what to write when nothing is selected. */
interface Wrap {
  before: string;
  after: string;
  empty: string;
}

const wraps = {
  bold: { before: '**', after: '**', empty: 'bold text' },
  italic: { before: '_', after: '_', empty: 'emphasised text' },
  heading: { before: '\n## ', after: '\n', empty: 'Heading' },
  link: { before: '[', after: '](https://)', empty: 'link text' },
  list: { before: '\n- ', after: '\n', empty: 'item' },
} satisfies Record<string, Wrap>;

/** `value` with `wrap` around the selection `[start, end)`, and the new selection (the wrapped text). */
export function applyWrap(value: string, start: number, end: number, wrap: Wrap) {
  const selected = value.slice(start, end) || wrap.empty;
  const next = value.slice(0, start) + wrap.before + selected + wrap.after + value.slice(end);
  const from = start + wrap.before.length;
  return { value: next, selection: [from, from + selected.length] as const };
}

/** Markdown for an uploaded image: its file name (without extension, brackets escaped) as the alt text. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt = fileName.replace(/\.[^.]+$/, '').replace(/[[\]\\]/g, '');
  return `![${alt}](${url})`;
}

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand-dark dark:text-gray-200 dark:hover:bg-gray-700"
    >
      {children}
    </button>
  );
}

/**
 * The post's content: a Markdown text area with a toolbar (bold, italic,
 * heading, link, list) and an image upload that puts the uploaded image's
 * Markdown at the cursor. A post written before Markdown says so, and can be
 * switched to Markdown.
 */
export function MarkdownField({ control }: { control: Control<BlogPostValues> }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'fullContent' });
  const error = fieldState.error?.message;
  const format = useController({ control, name: 'contentFormat' });
  const title = useWatch({ control, name: 'title' });
  const area = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const [progress, setProgress] = useState<{ fileName: string; fraction: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const markdown = format.field.value === 'markdown';

  const replace = (value: string, selection: readonly [number, number]) => {
    field.onChange(value);
    // After React writes the new value, select the inserted text.
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(selection[0], selection[1]);
    });
  };

  const wrap = (kind: keyof typeof wraps) => {
    const element = area.current;
    const value = field.value;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = applyWrap(value, start, end, wraps[kind]);
    replace(next.value, next.selection);
  };

  const insertImage = (file: File | undefined) => {
    const refused = checkImageFile(file);
    if (refused || !file) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    // Where the cursor was when the upload started.
    const at = area.current?.selectionEnd ?? field.value.length;
    setProgress({ fileName: file.name, fraction: 0 });
    upload
      .mutateAsync({ file, onProgress: (fraction) => setProgress({ fileName: file.name, fraction }) })
      .then((uploaded) => {
        const value = area.current?.value ?? field.value;
        const text = `\n\n${imageMarkdown(uploaded.filename || title || 'Image', uploaded.url)}\n\n`;
        const position = Math.min(at, value.length);
        replace(value.slice(0, position) + text + value.slice(position), [position + text.length, position + text.length]);
        toast({ title: 'Image uploaded', description: uploaded.filename });
      })
      .catch((failure: unknown) => setProblem(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setProgress(null));
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
        Content
      </label>
      {markdown ? (
        <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 rounded-t-md border border-b-0 border-gray-300 bg-gray-50 p-1 dark:border-gray-600 dark:bg-gray-800">
          <ToolButton label="Bold" onClick={() => wrap('bold')}>
            <Bold aria-hidden="true" className="h-4 w-4" />
          </ToolButton>
          <ToolButton label="Italic" onClick={() => wrap('italic')}>
            <Italic aria-hidden="true" className="h-4 w-4" />
          </ToolButton>
          <ToolButton label="Heading" onClick={() => wrap('heading')}>
            <Heading2 aria-hidden="true" className="h-4 w-4" />
          </ToolButton>
          <ToolButton label="Link" onClick={() => wrap('link')}>
            <Link2 aria-hidden="true" className="h-4 w-4" />
          </ToolButton>
          <ToolButton label="List" onClick={() => wrap('list')}>
            <List aria-hidden="true" className="h-4 w-4" />
          </ToolButton>
          <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300 dark:bg-gray-600" />
          <Button variant="ghost" onClick={() => fileInput.current?.click()} disabled={progress !== null}>
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            Insert image
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={imageAccept}
            hidden
            aria-label="Image to insert"
            onChange={(event) => {
              insertImage(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      ) : (
        <div className="mb-2 flex flex-col gap-2 rounded-md border border-gray-300 bg-gray-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-gray-600 dark:bg-gray-800">
          <p>This post was written before Markdown: each new line is shown as a line break, and markup shows as written.</p>
          <Button variant="secondary" onClick={() => format.field.onChange('markdown')}>
            Switch to Markdown
          </Button>
        </div>
      )}
      <textarea
        id={id}
        name={field.name}
        ref={(element) => {
          area.current = element;
          field.ref(element);
        }}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        rows={18}
        spellCheck
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
        className={`${inputClass(Boolean(error))} font-mono leading-6 ${markdown ? 'rounded-t-none' : ''}`}
      />
      <p id={hintId} className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        {markdown
          ? 'Markdown: ## heading, **bold**, _italic_, [link](https://…), - list, `code`, tables, and images from Uploads (/objects/…) or https://. HTML is shown as text.'
          : 'Plain text: each new line is shown as a line break.'}
      </p>
      {progress && <UploadProgress fileName={progress.fileName} fraction={progress.fraction} />}
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

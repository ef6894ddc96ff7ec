import { useId, useRef, type ReactNode } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useModalDialog } from '@/lib/use-modal-dialog';

/**
 * A confirmation as a real modal dialog: a native <dialog> opened with
 * showModal (the page behind is inert, so focus stays inside), labelled by its
 * title and described by its text, closed by Escape or Cancel. Focus starts on
 * Cancel, the safe choice, and the browser returns it to where it was.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The action is under way: both buttons wait. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, cancel);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: the parent decides (and closes through `open`).
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-gray-200 bg-white p-6 text-gray-900 shadow-xl backdrop:bg-black/60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <div id={bodyId} className="mt-3 text-sm text-gray-800 dark:text-gray-200">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          ref={cancel}
          type="button"
          onClick={onCancel}
          disabled={busy}
          className={buttonClass('secondary')}
        >
          {cancelLabel}
        </button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          className={destructive ? 'bg-red-700 hover:bg-red-800 hover:brightness-100' : undefined}
        >
          {busy && <Spinner />}
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

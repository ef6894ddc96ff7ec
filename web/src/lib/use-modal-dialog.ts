// The one way a native <dialog> is shown as a modal here (the confirmation
// dialog, the chat console's shortcuts overlay).

import { useEffect, useRef, type RefObject } from 'react';

/**
 * A <dialog> shown with showModal while `open` (the page behind is inert, so
 * focus stays inside), focus put on `initialFocus`, and closed when `open`
 * turns false (the browser returns focus to where it was). Returns the ref
 * for the <dialog>.
 */
export function useModalDialog(open: boolean, initialFocus: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      initialFocus.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, initialFocus]);
  return dialog;
}

// Keyboard shortcuts of the chat console and their help overlay (`?`).
// Single keys, as in mail clients; ignored while typing in a field or with
// Ctrl/Alt/Meta held, so they never eat text or browser shortcuts.

import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { useModalDialog } from '@/lib/use-modal-dialog';

export const consoleShortcuts: { key: string; label: string; action: string }[] = [
  { key: 'j', label: 'J', action: 'Next chat' },
  { key: 'k', label: 'K', action: 'Previous chat' },
  { key: 'r', label: 'R', action: 'Write a reply (Reply mode)' },
  { key: '/', label: '/', action: 'Open the canned-reply picker' },
  { key: 'n', label: 'N', action: 'Write a private note (Note mode)' },
  { key: 'Escape', label: 'Esc', action: 'Leave the reply or note box (then these keys work again)' },
  { key: 'a', label: 'A', action: 'Assign the open chat to me' },
  { key: 'e', label: 'E', action: 'Resolve the open chat (5 seconds to undo)' },
  { key: 'u', label: 'U', action: 'Undo resolving' },
  { key: 'o', label: 'O', action: 'Reopen the open chat' },
  { key: 't', label: 'T', action: 'Transfer the open chat' },
  { key: 'd', label: 'D', action: 'Show or hide the details' },
  { key: 's', label: 'S', action: 'Search conversations' },
  { key: '?', label: '?', action: 'Show these shortcuts' },
];

/** What the page asks the open conversation to do. */
export type ConsoleCommand = 'reply' | 'canned' | 'note' | 'assign' | 'reopen' | 'transfer' | 'details';

const commandEvent = 'nyota:console-command';

export function sendConsoleCommand(command: ConsoleCommand) {
  window.dispatchEvent(new CustomEvent<ConsoleCommand>(commandEvent, { detail: command }));
}

/** Runs `handler` for each command the page sends. */
export function useConsoleCommands(handler: (command: ConsoleCommand) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<ConsoleCommand>).detail);
    window.addEventListener(commandEvent, listener);
    return () => window.removeEventListener(commandEvent, listener);
  }, []);
}

/** Whether a key press goes to something the user types in. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The shortcut a key press means, if any (Escape is the text boxes' own, see `leaveTextBox`). */
export function shortcutOf(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return key !== 'Escape' && consoleShortcuts.some((shortcut) => shortcut.key === key) ? key : null;
}

/** Escape in a reply or note box: focus goes to the conversation's log, where the single keys work. */
export function leaveTextBox(event: ReactKeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return false;
  event.preventDefault();
  const log = event.currentTarget.closest('section')?.querySelector<HTMLElement>('[data-chat-log]');
  if (log) log.focus();
  else event.currentTarget.blur();
  return true;
}

/** The `?` overlay: a modal list of the shortcuts, closed by Escape or Close. */
export function ConsoleShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, close);
  const titleId = useId();

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl border border-gray-200 bg-white p-6 text-gray-900 shadow-xl backdrop:bg-black/60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Outside a text field, press:</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {consoleShortcuts.map((shortcut) => (
          <div key={shortcut.key} className="contents">
            <dt>
              <kbd className="rounded border border-gray-300 bg-gray-100 px-2 py-0.5 font-mono dark:border-gray-600 dark:bg-gray-800">
                {shortcut.label}
              </kbd>
            </dt>
            <dd>{shortcut.action}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <button ref={close} type="button" className={buttonClass('secondary')} onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}

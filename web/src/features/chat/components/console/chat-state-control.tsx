// The conversation header's state control: Mark pending, Snooze (presets
// worked out by the server from the business hours, or a time picked in
// EAT) and Mark open. Resolve / Reopen stay their own buttons beside it.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import type { StateBody } from '@/api-types/StateBody';
import { cn } from '@/lib/cn';
import { useSetChatState } from '@/features/chat/api/set-chat-state';
import { eatInputToIso, isoToEatInput, snoozePresets } from '../../lib/chat-states';

export function ChatStateControl({ chat, buttonClass }: { chat: ChatSummary; buttonClass: string }) {
  const setState = useSetChatState();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | null>(null);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  if (chat.state === 'resolved') return null;
  const change = (body: StateBody) =>
    setState.mutate(
      { sessionId: chat.sessionId, body },
      {
        onSuccess: () => {
          setOpen(false);
          toggle.current?.focus();
        },
      },
    );
  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };
  const snoozeAtPicked = () => {
    const until = eatInputToIso(picked);
    if (!until) {
      setError('Choose a date and time');
      return;
    }
    setError(null);
    change({ state: 'snoozed', snoozeUntil: until });
  };
  const busy = setState.isPending;

  return (
    <div className="relative flex flex-wrap items-center gap-2" onKeyDown={close}>
      {chat.state !== 'pending' && (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => change({ state: 'pending' })}>
          Mark pending
        </button>
      )}
      {chat.state !== 'open' && (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => change({ state: 'open' })}>
          Mark open
        </button>
      )}
      <button
        ref={toggle}
        type="button"
        className={buttonClass}
        aria-expanded={open}
        aria-controls={menuId}
        disabled={busy}
        onClick={() => {
          setOpen(!open);
          if (!picked) setPicked(isoToEatInput(Date.now() + 60 * 60 * 1000));
        }}
      >
        {chat.state === 'snoozed' ? 'Snooze again' : 'Snooze'} <span aria-hidden="true">▸</span>
      </button>
      {open && (
        <div
          ref={panel}
          id={menuId}
          role="group"
          aria-label="Snooze until"
          className="absolute right-0 top-full z-20 mt-1 w-64 space-y-1 rounded-md border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          {snoozePresets.map((preset) => (
            <button
              key={preset.value}
              type="button"
              disabled={busy}
              onClick={() => change({ state: 'snoozed', snoozePreset: preset.value })}
              className="block w-full rounded px-2 py-1 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              {preset.label}
            </button>
          ))}
          <div className="border-t border-gray-200 pt-2 dark:border-gray-700">
            <label htmlFor={`${menuId}-time`} className="block text-xs font-semibold">
              Pick a time (EAT)
            </label>
            <div className="mt-1 flex gap-1">
              <input
                id={`${menuId}-time`}
                type="datetime-local"
                value={picked}
                onChange={(event) => setPicked(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error ? `${menuId}-error` : undefined}
                className="min-w-0 flex-1 rounded border border-gray-300 bg-white px-1 text-sm dark:border-gray-600 dark:bg-gray-800"
              />
              <button type="button" disabled={busy} onClick={snoozeAtPicked} className={cn(buttonClass, 'h-7 px-2')}>
                Snooze
              </button>
            </div>
            {error && (
              <p id={`${menuId}-error`} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
                {error}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

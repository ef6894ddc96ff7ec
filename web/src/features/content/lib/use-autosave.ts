// Autosave of an editor's unsaved values in this browser (localStorage): kept
// a second after the last change, offered back when the same item is opened
// again, and forgotten once the item is saved or the changes are discarded.
// It needs no session and no network, so it also keeps what was written when
// the session ran out or the connection dropped mid-edit.

import { useCallback, useEffect, useRef, useState } from 'react';

/** How long after the last keystroke the values are kept. */
export const autosaveDelayMs = 1_000;

/** What the editor shows next to its buttons. */
export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; message: string };

/** A kept draft: the form's values and when they were kept. */
export interface KeptDraft<V> {
  savedAt: string;
  values: V;
}

const prefix = 'nyota:autosave:';

/** The storage key of one item's draft: its kind and id, or "new". */
export const autosaveKey = (noun: string, id: string | null) => `${prefix}${noun}:${id ?? 'new'}`;

/** The draft kept for `key`, if any (a malformed one counts as none). */
export function readDraft<V>(key: string): KeptDraft<V> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<KeptDraft<V>>;
    if (typeof parsed.savedAt !== 'string' || typeof parsed.values !== 'object' || parsed.values === null) return null;
    return { savedAt: parsed.savedAt, values: parsed.values };
  } catch {
    return null;
  }
}

export function forgetDraft(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing kept to forget.
  }
}

/** "14:05": the time a draft was kept, in the reader's clock. */
export function savedTime(at: Date): string {
  return at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/**
 * Keeps `values` under `key` `autosaveDelayMs` after they last changed, while
 * `enabled` (the form has unsaved changes). `forget` drops the kept draft
 * (after a save or a discard).
 */
export function useAutosave<V>(key: string, values: V, enabled: boolean) {
  const serialised = JSON.stringify(values);
  const [kept, setKept] = useState<{ serialised: string; at: Date } | null>(null);
  const [failure, setFailure] = useState<{ serialised: string; message: string } | null>(null);
  // Whether this editor stored a draft (one found on opening is the user's to restore or discard).
  const stored = useRef(false);

  useEffect(() => {
    if (!enabled) {
      // Every change undone: nothing is left to offer back.
      if (stored.current) {
        forgetDraft(key);
        stored.current = false;
      }
      return;
    }
    const timer = window.setTimeout(() => {
      const at = new Date();
      try {
        window.localStorage.setItem(key, `{"savedAt":${JSON.stringify(at.toISOString())},"values":${serialised}}`);
        stored.current = true;
        setKept({ serialised, at });
        setFailure(null);
      } catch (error) {
        const reason =
          (error as { name?: unknown } | null)?.name === 'QuotaExceededError'
            ? 'the browser storage is full'
            : 'the browser refused to store it';
        setFailure({ serialised, message: `Autosave failed: ${reason}. Save to keep your changes.` });
      }
    }, autosaveDelayMs);
    return () => window.clearTimeout(timer);
  }, [key, serialised, enabled]);

  let state: AutosaveState;
  if (!enabled) state = { kind: 'idle' };
  else if (failure?.serialised === serialised) state = { kind: 'error', message: failure.message };
  else if (kept?.serialised === serialised) state = { kind: 'saved', at: kept.at };
  else state = { kind: 'saving' };

  const forget = useCallback(() => {
    forgetDraft(key);
    stored.current = false;
  }, [key]);

  return { state, forget };
}

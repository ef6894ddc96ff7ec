// A reply box's text kept in this browser per chat (localStorage), so a
// reload or a closed tab keeps what was typed and not sent.

import { useCallback, useEffect, useState } from 'react';

export const draftStorageKey = (sessionId: string) => `chat-draft:${sessionId}`;

function read(sessionId: string | null | undefined): string {
  if (!sessionId) return '';
  try {
    return localStorage.getItem(draftStorageKey(sessionId)) ?? '';
  } catch {
    return '';
  }
}

function write(sessionId: string, text: string): void {
  try {
    if (text) localStorage.setItem(draftStorageKey(sessionId), text);
    else localStorage.removeItem(draftStorageKey(sessionId));
  } catch {
    // Without storage the draft lives as long as the page.
  }
}

export function useStoredDraft(sessionId: string | null | undefined) {
  const [draft, setDraft] = useState(() => ({ sessionId, text: read(sessionId) }));
  // Another chat: its own draft.
  useEffect(() => {
    if (draft.sessionId !== sessionId) setDraft({ sessionId, text: read(sessionId) });
  }, [draft.sessionId, sessionId]);
  const text = draft.sessionId === sessionId ? draft.text : read(sessionId);
  const setText = useCallback(
    (next: string | ((current: string) => string)) => {
      setDraft((current) => {
        const base = current.sessionId === sessionId ? current.text : read(sessionId);
        const value = typeof next === 'function' ? next(base) : next;
        if (sessionId) write(sessionId, value);
        return { sessionId, text: value };
      });
    },
    [sessionId],
  );
  return [text, setText] as const;
}

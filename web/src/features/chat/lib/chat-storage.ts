// What the widget remembers in localStorage: the visitor's name and email
// (to prefill the form) and the active chat (to restore it after a reload).
// Part of the initial bundle, so it stays tiny.

import { storageKeys } from '@/config/site';

export interface StoredChat {
  sessionId: string | null;
  visitorName: string;
  visitorEmail: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function readStoredChat(): StoredChat | null {
  try {
    const raw = localStorage.getItem(storageKeys.chatSession);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Record<keyof StoredChat, unknown>> | null;
    if (!parsed || typeof parsed !== 'object') return null;
    return {
      sessionId: str(parsed.sessionId) || null,
      visitorName: str(parsed.visitorName),
      visitorEmail: str(parsed.visitorEmail),
    };
  } catch {
    return null;
  }
}

export function writeStoredChat(chat: StoredChat): void {
  try {
    localStorage.setItem(storageKeys.chatSession, JSON.stringify(chat));
  } catch {
    // Without storage the chat simply is not restored after a reload.
  }
}

/** Forgets the active chat but keeps the name and email for the next one. */
export function forgetStoredSession(): void {
  const stored = readStoredChat();
  if (stored) writeStoredChat({ ...stored, sessionId: null });
}

export function hasStoredSession(): boolean {
  return Boolean(readStoredChat()?.sessionId);
}

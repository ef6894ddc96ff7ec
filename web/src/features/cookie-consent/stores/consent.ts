// The visitor's cookie choice, kept in localStorage and shared by the banner
// and everything that may only run after consent (the page-view beacon).

import { useSyncExternalStore } from 'react';
import { storageKeys } from '@/config/site';

export type Consent = 'accepted' | 'declined' | 'unknown';

function read(): Consent {
  try {
    const stored = localStorage.getItem(storageKeys.cookieConsent);
    if (stored === 'true') return 'accepted';
    if (stored === 'false') return 'declined';
  } catch {
    // Storage blocked: nobody has agreed to anything.
  }
  return 'unknown';
}

const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Stores the visitor's choice and tells every reader at once. */
export function setConsent(accepted: boolean): void {
  try {
    localStorage.setItem(storageKeys.cookieConsent, accepted ? 'true' : 'false');
  } catch {
    // Without storage the banner will simply ask again next time.
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A choice made in another tab counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.cookieConsent) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's cookie choice, kept current. */
export function useConsent(): Consent {
  return useSyncExternalStore(subscribe, read, () => 'unknown');
}

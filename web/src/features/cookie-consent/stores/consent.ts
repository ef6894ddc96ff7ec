// The visitor's cookie choice, kept in localStorage (with the Privacy Policy
// version it was made under) and on the server (POST /api/consent), and
// shared by the banner and everything that may only run after consent (the
// page-view beacon). The footer's "Cookie settings" reopens the banner
// (src/lib/cookie-settings.ts).

import { useSyncExternalStore } from 'react';
import { consentPolicyVersion } from '@/api-types/consent-policy';
import { storageKeys } from '@/config/site';
import { recordConsent } from '../api/record-consent';

export type Consent = 'accepted' | 'declined' | 'unknown';

function read(): Consent {
  try {
    // A choice made under an older policy asks again (one stored without a
    // version predates versions and stands).
    const version = localStorage.getItem(storageKeys.cookieConsentPolicy);
    if (version !== null && version !== consentPolicyVersion) return 'unknown';
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

/** Stores the visitor's choice, puts it on record and tells every reader at once. */
export function setConsent(accepted: boolean): void {
  try {
    localStorage.setItem(storageKeys.cookieConsent, accepted ? 'true' : 'false');
    localStorage.setItem(storageKeys.cookieConsentPolicy, consentPolicyVersion);
  } catch {
    // Without storage the banner will simply ask again next time.
  }
  emit();
  recordConsent(accepted);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A choice made in another tab counts here too.
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === storageKeys.cookieConsent ||
      event.key === storageKeys.cookieConsentPolicy
    ) {
      listener();
    }
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

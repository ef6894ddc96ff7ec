// POST /api/consent: puts the cookie banner's choice on record on the server
// (against the anonymous consent id in the nyota_consent cookie, with the
// Privacy Policy version and the time). Fire and forget with keepalive: the
// choice already applies in this browser, and a lost record is retried with
// the next choice, never the visitor's problem.

import type { ConsentInput } from '@/api-types/ConsentInput';
import { consentPolicyVersion } from '@/api-types/consent-policy';
import { requestHeaders } from '@/lib/api-client';

export function recordConsent(accepted: boolean): void {
  const body: ConsentInput = { accepted, policyVersion: consentPolicyVersion };
  try {
    void fetch('/api/consent', {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: requestHeaders(true),
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // fetch itself missing or refusing: the choice still holds here.
  }
}

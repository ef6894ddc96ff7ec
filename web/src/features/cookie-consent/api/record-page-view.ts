// POST /api/analytics/pageview: the first-party page-view beacon. A fetch
// with `keepalive` rather than navigator.sendBeacon, so it carries the
// X-Requested-With header every unsafe request needs (the CSRF rule) and
// still completes when the page is being left. Fire and forget: a lost view
// is never the visitor's problem.

import type { PageViewInput } from '@/api-types/PageViewInput';
import { requestHeaders } from '@/lib/api-client';

export function recordPageView(view: PageViewInput): void {
  try {
    void fetch('/api/analytics/pageview', {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: requestHeaders(true),
      body: JSON.stringify(view),
    }).catch(() => undefined);
  } catch {
    // fetch itself missing or refusing: nothing to count.
  }
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { recordPageView } from '../api/record-page-view';
import { useConsent } from '../stores/consent';

let referrerSent = false;

/** The page the visitor came from, for the first view of this document only:
 * later views are moves within the site. */
function takeReferrer(): string | undefined {
  if (referrerSent) return undefined;
  referrerSent = true;
  return document.referrer || undefined;
}

/**
 * Counts a page view on every route change, only once the visitor accepted
 * cookies (and then also the page on which they accepted). Admin pages are
 * not the site's audience and are not counted.
 */
export function PageViewBeacon() {
  const { pathname } = useLocation();
  const consent = useConsent();
  const lastCounted = useRef<string | null>(null);

  useEffect(() => {
    if (pathname.startsWith('/admin')) {
      lastCounted.current = null;
      return;
    }
    if (consent !== 'accepted') return;
    // The same page again (a re-render, a search change) is not a new view.
    if (lastCounted.current === pathname) return;
    lastCounted.current = pathname;
    recordPageView({ path: pathname, referrer: takeReferrer() });
  }, [consent, pathname]);

  return null;
}

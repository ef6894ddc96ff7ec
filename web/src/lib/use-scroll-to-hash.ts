import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the element the URL's fragment names (`/privacy#section-9`,
 * `/admin#inbox`) once the calling page is on screen: pages are loaded
 * lazily, so the browser's own jump happens before the target exists.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    // jsdom has no scrollIntoView; browsers do.
    if (typeof target?.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [hash]);
}

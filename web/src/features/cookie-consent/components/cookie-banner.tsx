import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { limits } from '@/config/site';
import { useBottomInset } from '../lib/bottom-inset';
import { onCookieSettings } from '@/lib/cookie-settings';
import { setConsent, useConsent } from '../stores/consent';

/**
 * Shown 1500 ms after load when no consent is stored (spec §4), and at once
 * when the visitor opens "Cookie settings" in the footer to change their
 * choice. Its height is published as --bottom-inset so bottom-right controls
 * stay above it.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const consent = useConsent();
  const ref = useRef<HTMLElement>(null);
  // Floating controls (the chat launcher) rise above the banner while it shows.
  useBottomInset(ref, visible);

  useEffect(() => onCookieSettings(() => setVisible(true)), []);

  useEffect(() => {
    if (consent !== 'unknown') return;
    const timer = window.setTimeout(() => setVisible(true), limits.cookieBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, [consent]);

  const choose = (accepted: boolean) => {
    setConsent(accepted);
    setVisible(false);
  };

  if (!visible) return null;

  return (
    <section
      ref={ref}
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-gray-200 bg-white p-4 shadow-2xl dark:border-gray-700 dark:bg-gray-800"
    >
      <div className="relative mx-auto flex max-w-7xl flex-col gap-3 pr-8 sm:flex-row sm:items-center sm:justify-between sm:pr-0">
        <p className="text-sm text-gray-700 dark:text-gray-200">
          We use cookies to improve your experience and understand how our site is used. Read our{' '}
          <Link to="/privacy" className="font-medium text-brand-dark underline dark:text-brand-light">
            Privacy Policy
          </Link>
          .
          {consent !== 'unknown' && (
            <span data-testid="cookie-current-choice">
              {' '}
              {consent === 'accepted'
                ? 'You currently accept analytics cookies.'
                : 'You currently decline analytics cookies.'}
            </span>
          )}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => choose(false)}>
            Decline
          </Button>
          <Button onClick={() => choose(true)}>Accept All</Button>
        </div>
        <button
          type="button"
          aria-label="Close cookie banner"
          onClick={() => choose(false)}
          className="absolute right-0 top-0 rounded p-1 text-gray-600 hover:text-gray-900 sm:hidden dark:text-gray-300"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

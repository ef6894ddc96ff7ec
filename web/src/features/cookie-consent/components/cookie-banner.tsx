import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { limits } from '@/config/site';
import { t } from '@/i18n/i18n';
import { Rich } from '@/i18n/rich';
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
      aria-label={t('cookie.region')}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-gray-200 bg-white p-4 shadow-2xl dark:border-gray-700 dark:bg-gray-800"
    >
      <div className="relative mx-auto flex max-w-7xl flex-col gap-3 pr-8 sm:flex-row sm:items-center sm:justify-between sm:pr-0">
        <p className="text-sm text-gray-700 dark:text-gray-200">
          <Rich
            id="cookie.text"
            parts={[<Link to="/privacy" className="font-medium text-brand-dark underline dark:text-brand-light" />]}
          />
          {consent !== 'unknown' && (
            <span data-testid="cookie-current-choice">
              {' '}
              {consent === 'accepted' ? t('cookie.accepted') : t('cookie.declined')}
            </span>
          )}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => choose(false)}>
            {t('cookie.decline')}
          </Button>
          <Button onClick={() => choose(true)}>{t('cookie.acceptAll')}</Button>
        </div>
        <button
          type="button"
          aria-label={t('cookie.close')}
          onClick={() => choose(false)}
          className="absolute right-0 top-0 rounded p-1 text-gray-600 hover:text-gray-900 sm:hidden dark:text-gray-300"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

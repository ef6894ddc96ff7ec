import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingMessage } from '@/components/ui/spinner';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { limits } from '@/config/site';
import { activeLocale, t } from '@/i18n/i18n';
import { suggestedLocale } from '@/i18n/locales';
import { ChatLauncher } from '@/features/chat/components/widget/chat-launcher';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { PageViewBeacon } from '@/features/cookie-consent/components/page-view-beacon';
import { Footer } from '@/features/layout/components/footer';
import { Header } from '@/features/layout/components/header';
import { ThemeSwitcher } from '@/features/theme/components/theme-switcher';

/** Smoothly scrolls to the top about 100 ms after every navigation, unless the
 * address names a fragment (`/privacy#section-9`), which the page scrolls to. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (window.location.hash) return;
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, limits.scrollToTopDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}

const LanguageSuggestion = lazy(() =>
  import('@/features/layout/components/language-suggestion').then((m) => ({ default: m.LanguageSuggestion })),
);

/** The offer to read the page in the browser's language, loaded only for a visitor who has one. */
function LanguageOffer() {
  const [offered] = useState(() => suggestedLocale(activeLocale()) !== null);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSuggestion />
    </Suspense>
  );
}

/** The shell around every public page (the admin has its own: app/admin/admin-shell.tsx). */
export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-gray-900"
      >
        {t('layout.skipToMain')}
      </a>
      {/* The launcher is the page's last control: without this, 50-odd Tabs away. */}
      <a
        href="#chat-launcher"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('chat-launcher')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-gray-900"
      >
        {t('layout.skipToChat')}
      </a>
      <ScrollToTop />
      <PageViewBeacon />
      <Header themeSwitcher={<ThemeSwitcher />} />
      <LanguageOffer />
      <main id="main" className="flex-1">
        {/* A page-tall placeholder: the footer stays below the fold while a
            page's chunk loads, so its arrival shifts nothing in view (CLS). */}
        <Suspense
          fallback={
            <div className="min-h-screen">
              <LoadingMessage>{t('layout.loading')}</LoadingMessage>
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
      {/* The visitor chat: a tiny launcher; the panel is its own chunk, loaded on first open. */}
      <ChatLauncher />
      <DeferredToaster />
    </div>
  );
}

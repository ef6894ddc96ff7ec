import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import { activateLocale } from '@/i18n/i18n';
import { localeBase, splitLocale } from '@/i18n/locales';
import { reloadOnChunkFailure } from '@/lib/chunk-reload';
import './index.css';

reloadOnChunkFailure();

// The address says the language (/fr/…, /sw/…); the router works below it.
const { locale } = splitLocale(window.location.pathname);

void activateLocale(locale).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* No query client here: the pages that use one bring it (app/router.tsx withQueries). */}
      {/* Without transitions, so a flushSync navigation (log out) takes effect at once. */}
      <BrowserRouter basename={localeBase(locale)} useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  ),
);

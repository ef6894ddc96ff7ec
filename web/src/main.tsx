import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { reloadOnChunkFailure } from '@/lib/chunk-reload';
import './index.css';

reloadOnChunkFailure();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      {/* Without transitions, so a flushSync navigation (log out) takes effect at once. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

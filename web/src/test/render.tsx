import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { appRoutes } from '@/app/router';
import type { User } from '@/lib/api-types';
import { createQueryClient } from '@/lib/query-client';

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch with a handler and returns the mock to inspect calls. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

/**
 * Renders the whole app (layout included) at a path, with a query client of
 * the test's own (the pages use it instead of the app's: lib/query-provider).
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const client = createQueryClient();
  const utils = render(
    <QueryClientProvider client={client}>
      {/* As the app's BrowserRouter (main.tsx): without transitions. */}
      <RouterProvider router={router} useTransitions={false} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}

export const sampleUser: User = {
  id: '0190f0a0-0000-7000-8000-000000000007',
  email: 'amina@example.com',
  username: 'amina@example.com',
  name: 'Amina Otieno',
  fullName: 'Amina Otieno',
  phone: '+254700000001',
  role: 'user',
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00Z',
};

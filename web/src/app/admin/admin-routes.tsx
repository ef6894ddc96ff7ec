// The admin's routes: its shell (top bar, no marketing header or footer),
// which checks who may open each admin page (RequireAdmin) before the page
// loads, and each page a chunk of its own with its own loading message. The
// router loads this module for /admin/* only (app/router.tsx).

import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingMessage } from '@/components/ui/spinner';
import { NotFoundPage } from '@/features/pages/components/not-found-page';
import { AppLayout } from '../layout';
import routeTable from '../routes.json';
import AdminShell from './admin-shell';

type Lazy = { load: () => Promise<{ default: ComponentType }>; loading: string };

// The list and the post editor are one chunk: a chunk of the editor's own
// would reshuffle the shared chunks and cost the public pages a request.
const blogAdmin: Lazy = {
  load: () => import('@/features/content/components/admin/admin-blogs-page'),
  loading: 'Loading blog manager...',
};

/** Admin pages are split into their own chunks, each with its own loading message. */
export const adminPages: Record<string, Lazy> = {
  '/admin': { load: () => import('@/app/admin/admin-home-page'), loading: 'Loading admin dashboard...' },
  '/admin/requests': { load: () => import('@/app/admin/admin-requests-page'), loading: 'Loading requests...' },
  '/admin/settings': { load: () => import('@/features/ops/components/admin-settings-page'), loading: 'Loading settings...' },
  '/admin/events': { load: () => import('@/features/content/components/admin/admin-events-page'), loading: 'Loading events manager...' },
  '/admin/events/enhanced': {
    load: () => import('@/features/content/components/admin/admin-events-enhanced-page'),
    loading: 'Loading enhanced events manager...',
  },
  '/admin/blogs': blogAdmin,
  '/admin/blogs/enhanced': {
    load: () => import('@/features/content/components/admin/admin-blogs-enhanced-page'),
    loading: 'Loading enhanced blog manager...',
  },
  '/admin/blogs/new': blogAdmin,
  '/admin/blogs/:id': blogAdmin,
  '/admin/analytics': { load: () => import('@/features/ops/components/admin-analytics-page'), loading: 'Loading analytics...' },
  '/admin/uploads': { load: () => import('@/features/content/components/admin/admin-uploads-page'), loading: 'Loading uploads...' },
  '/admin/database': { load: () => import('@/features/ops/components/admin-database-page'), loading: 'Loading database view...' },
  '/admin/audit': { load: () => import('@/features/ops/components/admin-audit-page'), loading: 'Loading the audit log...' },
  '/admin/chat': { load: () => import('@/features/chat/components/console/admin-chat-page'), loading: 'Loading live chat console...' },
  '/admin/privacy-requests': {
    load: () => import('@/features/privacy/components/admin-privacy-requests-page'),
    loading: 'Loading privacy requests...',
  },
  '/admin/agents': { load: () => import('@/features/accounts/components/admin-agents-page'), loading: 'Loading the support team...' },
  '/admin/teams': { load: () => import('@/features/chat/components/teams/admin-teams-page'), loading: 'Loading teams and routing...' },
};

function adminRoute(path: string): RouteObject {
  const page = adminPages[path];
  if (!page) throw new Error(`routes.json lists ${path} but no admin page exists for it`);
  const Page = lazy(page.load);
  return {
    // Below /admin/* (the route that loads this module), so relative to it.
    path: path.slice('/admin'.length) || '/',
    element: (
      <Suspense fallback={<LoadingMessage>{page.loading}</LoadingMessage>}>
        <Page />
      </Suspense>
    ),
  };
}

const routes: RouteObject[] = [
  { element: <AdminShell />, children: routeTable.adminRoutes.map(adminRoute) },
  // Any other /admin address: the site's not-found page, as for any unknown path.
  { element: <AppLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
];

export function AdminRoutes() {
  return useRoutes(routes);
}

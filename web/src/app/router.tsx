import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingMessage } from '@/components/ui/spinner';
import { HomePage } from '@/features/pages/components/home-page';
import { NotFoundPage } from '@/features/pages/components/not-found-page';
import { AppLayout } from './layout';
import { RequireAdmin } from './require-admin';
import routeTable from './routes.json';

// Account pages carry the form and validation libraries, so they load on demand.
const AuthPage = lazy(() => import('@/features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })));
const LoginPage = lazy(() => import('@/features/auth/components/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('@/features/auth/components/register-page').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const DashboardPage = lazy(() =>
  import('@/features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);

// Pages still waiting for their body, with the metadata catalogue: not needed by "/".
const StaticPage = lazy(() =>
  import('@/features/pages/components/static-page').then((m) => ({ default: m.StaticPage })),
);

/** Pages with their own component; every other public route is a catalogue page. */
const pageElements: Record<string, ReactNode> = {
  '/': <HomePage />,
  '/auth': <AuthPage />,
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/dashboard': <DashboardPage />,
};

export function publicElement(path: string): ReactNode {
  return pageElements[path] ?? <StaticPage route={path} />;
}

type Lazy = { load: () => Promise<{ default: ComponentType }>; loading: string };

/** Admin pages are split into their own chunks, each with its own loading message. */
export const adminPages: Record<string, Lazy> = {
  '/admin': { load: () => import('@/features/admin/components/admin-home-page'), loading: 'Loading admin dashboard...' },
  '/admin/settings': { load: () => import('@/features/admin/components/admin-settings-page'), loading: 'Loading settings...' },
  '/admin/events': { load: () => import('@/features/admin/components/admin-events-page'), loading: 'Loading events manager...' },
  '/admin/events/enhanced': {
    load: () => import('@/features/admin/components/admin-events-enhanced-page'),
    loading: 'Loading enhanced events manager...',
  },
  '/admin/blogs': { load: () => import('@/features/admin/components/admin-blogs-page'), loading: 'Loading blog manager...' },
  '/admin/blogs/enhanced': {
    load: () => import('@/features/admin/components/admin-blogs-enhanced-page'),
    loading: 'Loading enhanced blog manager...',
  },
  '/admin/analytics': { load: () => import('@/features/admin/components/admin-analytics-page'), loading: 'Loading analytics...' },
  '/admin/uploads': { load: () => import('@/features/admin/components/admin-uploads-page'), loading: 'Loading uploads...' },
  '/admin/database': { load: () => import('@/features/admin/components/admin-database-page'), loading: 'Loading database view...' },
  '/admin/chat': { load: () => import('@/features/admin/components/admin-chat-page'), loading: 'Loading live chat console...' },
};

function adminRoute(path: string): RouteObject {
  const page = adminPages[path];
  if (!page) throw new Error(`routes.json lists ${path} but no admin page exists for it`);
  const Page = lazy(page.load);
  return {
    path,
    element: (
      <RequireAdmin>
        <Suspense fallback={<LoadingMessage>{page.loading}</LoadingMessage>}>
          <Page />
        </Suspense>
      </RequireAdmin>
    ),
  };
}

export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        ...routeTable.routes.map((path) => ({ path, element: publicElement(path) })),
        ...routeTable.adminRoutes.map(adminRoute),
        ...Object.entries(routeTable.redirects).map(([from, to]) => ({
          path: from,
          element: <Navigate to={to} replace />,
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

const routes = appRoutes();

/**
 * The app's routes in declarative mode (inside <BrowserRouter>). The app uses
 * no loaders or actions, and the data router (createBrowserRouter) would add
 * about 18 KB gzipped to the initial JavaScript of every page. Tests render
 * the same `appRoutes()` in a memory router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

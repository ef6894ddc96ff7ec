import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LoadingMessage } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { HomePage } from '@/features/pages/components/home-page';
import { NotFoundPage } from '@/features/pages/components/not-found-page';
import { StaticPage } from '@/features/pages/components/static-page';
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
// Legal pages: long text, each its own chunk.
const PrivacyPage = lazy(() =>
  import('@/features/pages/components/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('@/features/pages/components/legal/terms-of-service-page').then((m) => ({ default: m.TermsOfServicePage })),
);
const SecurityCompliancePage = lazy(() =>
  import('@/features/pages/components/legal/security-compliance-page').then((m) => ({
    default: m.SecurityCompliancePage,
  })),
);
const ServiceLevelAgreementPage = lazy(() =>
  import('@/features/pages/components/legal/service-level-agreement-page').then((m) => ({
    default: m.ServiceLevelAgreementPage,
  })),
);
const DataProcessingAgreementPage = lazy(() =>
  import('@/features/pages/components/legal/data-processing-agreement-page').then((m) => ({
    default: m.DataProcessingAgreementPage,
  })),
);

// Product pages load on demand too, each in its own chunk.
const BareMetalPage = lazy(() =>
  import('@/features/pages/components/products/bare-metal/bare-metal-page').then((m) => ({ default: m.BareMetalPage })),
);
const ManagedInfrastructurePage = lazy(() =>
  import('@/features/pages/components/products/managed-infrastructure/managed-infrastructure-page').then((m) => ({
    default: m.ManagedInfrastructurePage,
  })),
);
const VirtualServersPage = lazy(() =>
  import('@/features/pages/components/products/virtual-servers/virtual-servers-page').then((m) => ({
    default: m.VirtualServersPage,
  })),
);
const DataForgePage = lazy(() =>
  import('@/features/pages/components/products/data-forge/data-forge-page').then((m) => ({ default: m.DataForgePage })),
);
const StorageSolutionsPage = lazy(() =>
  import('@/features/pages/components/products/storage-solutions/storage-solutions-page').then((m) => ({
    default: m.StorageSolutionsPage,
  })),
);

/** A lazy page with its loading message. */
function onDemand(Page: ComponentType): ReactNode {
  return (
    <Suspense fallback={<LoadingMessage>Loading page...</LoadingMessage>}>
      <Page />
    </Suspense>
  );
}
// Company pages: each its own chunk.
const ContactPage = lazy(() =>
  import('@/features/pages/components/company/contact-page').then((m) => ({ default: m.ContactPage })),
);
const FinancePage = lazy(() =>
  import('@/features/pages/components/company/finance-page').then((m) => ({ default: m.FinancePage })),
);
const HostedEmailPage = lazy(() =>
  import('@/features/pages/components/company/hosted-email-page').then((m) => ({ default: m.HostedEmailPage })),
);

/** Pages with their own component; every other public route is a catalogue page. */
const pageElements: Record<string, ReactNode> = {
  '/': <HomePage />,
  '/auth': <AuthPage />,
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/dashboard': <DashboardPage />,
  '/privacy': onDemand(PrivacyPage),
  '/terms-of-service': onDemand(TermsOfServicePage),
  '/security-compliance': onDemand(SecurityCompliancePage),
  '/service-level-agreement': onDemand(ServiceLevelAgreementPage),
  '/data-processing-agreement': onDemand(DataProcessingAgreementPage),
  '/bare-metal-servers': onDemand(BareMetalPage),
  '/managed-infrastructure': onDemand(ManagedInfrastructurePage),
  '/virtual-servers': onDemand(VirtualServersPage),
  '/data-forge': onDemand(DataForgePage),
  '/storage-solutions': onDemand(StorageSolutionsPage),
  '/contact': onDemand(ContactPage),
  '/finance': onDemand(FinancePage),
  [`/solutions/${site.slug}-finance`]: onDemand(HostedEmailPage),
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

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

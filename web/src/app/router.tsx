import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingMessage } from '@/components/ui/spinner';
import { NotFoundPage } from '@/features/pages/components/not-found-page';
import { loadArea } from '@/i18n/i18n';
import { withQueries } from '@/lib/with-queries';
import { AppLayout } from './layout';
import routeTable from './routes.json';

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * A page whose texts are the catalogue's area `areas` (or areas, when it
 * shows shared parts: `['bareMetal', 'products']`): its module and, in
 * French or Kiswahili, the areas' messages in that language, fetched together.
 */
function withTexts(areas: string | readonly string[], load: PageModule): PageModule {
  const all = typeof areas === 'string' ? [areas] : areas;
  return () => Promise.all([load(), ...all.map((area) => loadArea(area))]).then(([page]) => page);
}

/**
 * Public pages with their own component, each split into its own chunk and
 * loaded on demand (the layout's Suspense shows the loading message): the
 * first page a visitor opens pays only for itself.
 */
const onDemandPages: Record<string, PageModule> = {
  // Its own chunk too: the other pages do not carry it, and "/"'s served HTML
  // names it for preloading with the entry (build-plugins/route-chunks.ts).
  '/': withTexts('home', () =>
    import('@/features/pages/components/home-page').then((m) => ({ default: m.HomePage })),
  ),
  '/auth': withQueries(withTexts(['auth', 'account'], () =>
    import('@/features/accounts/components/auth-page').then((m) => ({ default: m.AuthPage })),
  )),
  '/login': withQueries(withTexts(['login', 'account'], () =>
    import('@/features/accounts/components/login-page').then((m) => ({ default: m.LoginPage })),
  )),
  '/register': withQueries(withTexts(['register', 'account', 'waitlist'], () =>
    import('./register-route').then((m) => ({ default: m.RegisterRoute })),
  )),
  '/forgot-password': withQueries(withTexts(['password', 'account'], () =>
    import('@/features/accounts/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
  )),
  '/reset-password': withQueries(withTexts(['password', 'account'], () =>
    import('@/features/accounts/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
  )),
  '/subscription': withQueries(
    withTexts('subscription', () =>
      import('@/features/intake/components/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
    ),
  ),
  '/chat-emails': withQueries(
    withTexts('chatEmails', () =>
      import('@/features/chat/components/chat-emails-page').then((m) => ({ default: m.ChatEmailsPage })),
    ),
  ),
  '/dashboard': withTexts('dashboard', () =>
    import('@/features/accounts/components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
  ),
  '/account/security': withQueries(withTexts(['security', 'account'], () =>
    import('@/features/accounts/components/account-security-page').then((m) => ({ default: m.AccountSecurityPage })),
  )),
  '/privacy': withQueries(
    withTexts(['privacy', 'legal'], () => import('./privacy-route').then((m) => ({ default: m.PrivacyRoute }))),
  ),
  '/terms-of-service': withTexts(['terms', 'legal'], () =>
    import('@/features/pages/components/legal/terms-of-service-page').then((m) => ({ default: m.TermsOfServicePage })),
  ),
  '/security-compliance': withTexts(['compliance', 'legal'], () =>
    import('@/features/pages/components/legal/security-compliance-page').then((m) => ({
      default: m.SecurityCompliancePage,
    })),
  ),
  '/service-level-agreement': withTexts(['sla', 'legal'], () =>
    import('@/features/pages/components/legal/service-level-agreement-page').then((m) => ({
      default: m.ServiceLevelAgreementPage,
    })),
  ),
  '/data-processing-agreement': withTexts(['dpa', 'legal'], () =>
    import('@/features/pages/components/legal/data-processing-agreement-page').then((m) => ({
      default: m.DataProcessingAgreementPage,
    })),
  ),
  '/bare-metal-servers': withTexts(['bareMetal', 'products'], () =>
    import('@/features/pages/components/products/bare-metal/bare-metal-page').then((m) => ({ default: m.BareMetalPage })),
  ),
  '/managed-infrastructure': withTexts(['managedInfra', 'products'], () =>
    import('@/features/pages/components/products/managed-infrastructure/managed-infrastructure-page').then((m) => ({
      default: m.ManagedInfrastructurePage,
    })),
  ),
  '/virtual-servers': withTexts(['virtualServers', 'products'], () =>
    import('@/features/pages/components/products/virtual-servers/virtual-servers-page').then((m) => ({
      default: m.VirtualServersPage,
    })),
  ),
  '/data-forge': withTexts(['dataForge', 'products'], () =>
    import('@/features/pages/components/products/data-forge/data-forge-page').then((m) => ({ default: m.DataForgePage })),
  ),
  '/storage-solutions': withTexts(['storage', 'products'], () =>
    import('@/features/pages/components/products/storage-solutions/storage-solutions-page').then((m) => ({
      default: m.StorageSolutionsPage,
    })),
  ),
  '/kaa-rada': () => import('@/features/pages/components/kaa-rada/kaa-rada-page'),
  '/edge': withQueries(() => import('./edge-route').then((m) => ({ default: m.EdgeRoute }))),
  '/iaas': () => import('@/features/pages/components/iaas/iaas-page'),
  '/about': withTexts('about', () => import('@/features/pages/components/about/about-page')),
  '/testimonials': withTexts('testimonials', () => import('@/features/pages/components/testimonials/testimonials-page')),
  '/contact': withQueries(withTexts(['contact', 'messageForm'], () =>
    import('./contact-route').then((m) => ({ default: m.ContactRoute })),
  )),
  '/finance': withQueries(withTexts(['finance', 'messageForm'], () =>
    import('./finance-route').then((m) => ({ default: m.FinanceRoute })),
  )),
  '/blog': withQueries(withTexts(['blog', 'subscribe'], () => import('./blog-route').then((m) => ({ default: m.BlogRoute })))),
  '/blog/:id': withQueries(withTexts(['blog', 'blogPost'], () => import('@/features/content/components/blog/blog-post-page'))),
  '/events': withQueries(withTexts(['events', 'subscribe'], () =>
    import('./events-route').then((m) => ({ default: m.EventsRoute })),
  )),
  '/events/:id': withQueries(withTexts('events', () => import('@/features/content/components/events/event-detail-page'))),
  // As routes.json spells it: a literal, so the build sees it (build-plugins/route-chunks.ts).
  '/solutions/nyota-finance': withQueries(
    withTexts(['hostedEmail', 'messageForm'], () =>
      import('./hosted-email-route').then((m) => ({ default: m.HostedEmailRoute })),
    ),
  ),
};

// Pages still waiting for their body, with the metadata catalogue: not needed by "/".
const StaticPage = lazy(() =>
  import('@/features/pages/components/static-page').then((m) => ({ default: m.StaticPage })),
);

/** Pages with their own component; every other public route is a catalogue page. */
const pageElements: Record<string, ReactNode> = {
  ...Object.fromEntries(
    Object.entries(onDemandPages).map(([path, load]) => {
      const Page = lazy(load);
      return [path, <Page key={path} />];
    }),
  ),
};

export function publicElement(path: string): ReactNode {
  return pageElements[path] ?? <StaticPage route={path} />;
}

// The admin's routes, its shell and its pages' table are a chunk of their
// own: a public page's entry script carries none of them.
const AdminRoutes = lazy(withQueries(() => import('./admin/admin-routes').then((m) => ({ default: m.AdminRoutes }))));

export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        ...routeTable.routes.map((path) => ({ path, element: publicElement(path) })),
        ...Object.entries(routeTable.redirects).map(([from, to]) => ({
          path: from,
          element: <Navigate to={to} replace />,
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    {
      path: '/admin/*',
      element: (
        <Suspense
          fallback={
            <div className="h-dvh">
              <LoadingMessage>Loading...</LoadingMessage>
            </div>
          }
        >
          <AdminRoutes />
        </Suspense>
      ),
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

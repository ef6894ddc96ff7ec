import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { hasSecondFactor, useSecondFactorStatus } from '@/features/accounts/api/second-factor';
import { useUser } from '@/lib/auth/get-user';
import { mayOpenAdminPage, SUPPORT_HOME } from '@/lib/auth/roles';

export function AccessDenied() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <PageMeta
        title="Access Denied | Nyota Cloud"
        description="You do not have permission to view this page."
      />
      <h1 className="text-3xl font-bold">Access denied</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">
        You are not authorised to view this page. The admin area is only available to Nyota Cloud
        staff accounts. If you think this is a mistake, please contact your administrator.
      </p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-dark underline dark:text-brand-light">
        Go back home
      </Link>
    </section>
  );
}

/**
 * Signed out → /login?next=<the page opened>, so signing in returns there; a support agent
 * opening /admin → the chat console; anyone opening an admin page their role does not allow →
 * Access denied; a member whose role requires a second factor and who has none → the account
 * security page to set one up (the API refuses everything else to them with 403).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useUser();
  const { pathname, search, hash } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const factors = useSecondFactorStatus(Boolean(user) && mayOpenAdminPage(user, path));
  if (isPending) return <LoadingMessage>Checking your session...</LoadingMessage>;
  if (isError || !user) return <Navigate to={`/login?next=${encodeURIComponent(pathname + search + hash)}`} replace />;
  if (path === '/admin' && user.role === 'support') return <Navigate to={SUPPORT_HOME} replace />;
  if (!mayOpenAdminPage(user, path)) return <AccessDenied />;
  if (factors.isPending) return <LoadingMessage>Checking your session...</LoadingMessage>;
  if (factors.data?.required && !hasSecondFactor(factors.data)) return <Navigate to="/account/security" replace />;
  return <>{children}</>;
}

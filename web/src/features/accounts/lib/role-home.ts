import type { User } from '@/lib/api-types';
import { isAgent, mayOpenAdminPage } from '@/lib/auth/roles';
import { safeReturnPath } from './safe-return-path';

type RoleFields = Pick<User, 'isAdmin' | 'role'>;

/** Where a signed-in user belongs: agents (admins, support) to /admin, everyone else to /dashboard. */
export function roleHome(user: RoleFields): '/admin' | '/dashboard' {
  return isAgent(user) ? '/admin' : '/dashboard';
}

/**
 * Where a user goes after signing in: back to `next` (from `/login?next=…`) when it is a
 * path on this site their role may open, else their role home.
 */
export function afterSignIn(user: RoleFields, next: string | null | undefined): string {
  const path = safeReturnPath(next);
  if (!path) return roleHome(user);
  const pathname = new URL(path, window.location.origin).pathname.replace(/\/+$/, '') || '/';
  const adminPage = pathname === '/admin' || pathname.startsWith('/admin/');
  if (adminPage && !mayOpenAdminPage(user, pathname)) return roleHome(user);
  return path;
}

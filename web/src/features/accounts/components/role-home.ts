import type { User } from '@/lib/api-types';
import { isAgent } from '@/lib/auth/roles';

/** Where a signed-in user belongs: agents (admins, support) to /admin, everyone else to /dashboard. */
export function roleHome(user: Pick<User, 'isAdmin' | 'role'>): '/admin' | '/dashboard' {
  return isAgent(user) ? '/admin' : '/dashboard';
}

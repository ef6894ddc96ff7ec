import type { User } from '@/lib/api-types';

/** Where a signed-in user belongs: admins to /admin, everyone else to /dashboard. */
export function roleHome(user: Pick<User, 'isAdmin'>): '/admin' | '/dashboard' {
  return user.isAdmin ? '/admin' : '/dashboard';
}

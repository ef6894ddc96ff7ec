import type { User } from '@/lib/api-types';

type RoleFields = Pick<User, 'isAdmin' | 'role'>;

/** The admin pages a support agent may open: only the chat console. */
export const SUPPORT_PAGES: readonly string[] = ['/admin/chat'];

/** Where a support agent lands when opening /admin. */
export const SUPPORT_HOME = '/admin/chat';

/** Whether the user answers chats (admins and support agents). */
export function isAgent(user: RoleFields | null | undefined): boolean {
  return !!user && (user.isAdmin || user.role === 'support');
}

/** Whether the user may open the admin page at `path` (the server checks every API call too). */
export function mayOpenAdminPage(user: RoleFields | null | undefined, path: string): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return user.role === 'support' && SUPPORT_PAGES.includes(path);
}

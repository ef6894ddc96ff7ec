// The admin's own app shell (every /admin page): a compact top bar and the
// page below it, at the viewport's height. No marketing header or footer, no
// visitor chat launcher and no cookie banner (docs/DECISIONS.md, "The admin
// shell"). Its own lazy chunk: public pages never load it.

import { ChevronDown, LogOut, Menu, ShieldCheck, SquareArrowOutUpRight } from 'lucide-react';
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AdminNavDrawer, AdminSidebar, currentNavPath } from '@/components/admin/admin-sidebar';
import { AdminToolbarSlot } from '@/components/admin/admin-toolbar';
import { EmailHealthBanner } from '@/features/ops/components/email-health-banner';
import { adminSections } from '@/config/admin-sections';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { LoadingMessage } from '@/components/ui/spinner';
import { ThemeSwitcher } from '@/features/theme/components/theme-switcher';
import { AgentPresence } from '@/features/chat/components/console/agent-presence';
import { useUser } from '@/lib/auth/get-user';
import { useLogout } from '@/lib/auth/logout';
import { isAgent, mayOpenAdminPage, SUPPORT_HOME } from '@/lib/auth/roles';
import { RequireAdmin } from '../require-admin';

/** The section title the top bar shows for a path. */
export function adminTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return 'Overview';
  // A page without a section of its own (the post editor) is titled by the section it belongs to.
  const section = adminSections.find((candidate) => candidate.path === path) ?? adminSections.find((candidate) => candidate.path === currentNavPath(path));
  return section?.title ?? '';
}

/** The signed-in agent's menu: who they are, the public site, theme, sign out. */
function AgentMenu() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Leave the admin synchronously before the user is cleared (it would redirect to /login).
  const logout = useLogout({
    onLoggedOut: () =>
      flushSync(() => {
        void navigate('/', { flushSync: true });
      }),
  });

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const item = 'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800';
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Your account: ${user.name}`}
        onClick={() => setOpen((value) => !value)}
        className="flex max-w-[12rem] items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium hover:bg-gray-100 dark:hover:bg-gray-800"
      >
        <span
          aria-hidden="true"
          className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-brand-dark text-xs font-bold text-white"
        >
          {user.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span className="hidden truncate sm:inline">
          <bdi>{user.name}</bdi>
        </span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 top-full z-50 mt-1 w-64 rounded-lg border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <p className="px-2 py-1 text-sm">
            <span className="block truncate font-semibold">
              <bdi>{user.name}</bdi>
            </span>
            <span className="block truncate text-xs text-gray-600 dark:text-gray-400">
              <bdi>{user.email}</bdi>
            </span>
          </p>
          <hr className="my-2 border-gray-200 dark:border-gray-700" />
          <div className="px-2 py-1 sm:hidden">
            <ThemeSwitcher />
          </div>
          <Link to="/" className={item}>
            <SquareArrowOutUpRight className="h-4 w-4" aria-hidden="true" />
            Public site
          </Link>
          <Link to="/account/security" className={item}>
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            Account security
          </Link>
          <button type="button" className={item} disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {logout.isPending ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      )}
    </div>
  );
}

/** The shell around every admin page: top bar, the sections' sidebar (a drawer on small screens), the page. */
export function AdminShell() {
  const { data: user } = useUser();
  const { pathname, hash } = useLocation();
  // The drawer is open on the page it was opened on: any navigation closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const closeDrawer = useCallback(() => {
    setDrawerOpenAt(null);
    menuButton.current?.focus();
  }, []);
  const [toolbar, setToolbar] = useState<HTMLElement | null>(null);
  const main = useRef<HTMLElement>(null);
  // Someone who may not be here (Access denied) is not told what the page would be.
  const title = isAgent(user) ? adminTitle(pathname) : '';
  // Admins land on the admin home; a support agent may open only the console.
  const home = mayOpenAdminPage(user, '/admin') ? { to: '/admin', label: 'Admin' } : { to: SUPPORT_HOME, label: 'Chat console' };

  // Only the main area scrolls: each page starts at its top, unless the address names a fragment.
  useEffect(() => {
    if (!hash) main.current?.scrollTo?.({ top: 0 });
  }, [pathname, hash]);

  return (
    <div className="relative flex h-dvh flex-col overflow-hidden bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-gray-900"
      >
        Skip to main content
      </a>
      <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-gray-200 bg-white px-3 py-1.5 dark:border-gray-800 dark:bg-gray-900">
        {isAgent(user) && (
          <button
            ref={menuButton}
            type="button"
            aria-label="Menu"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            onClick={() => setDrawerOpenAt(drawerOpen ? null : pathname)}
            className="-ml-1 rounded-md p-1.5 hover:bg-gray-100 dark:hover:bg-gray-800 lg:hidden"
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </button>
        )}
        <Link
          to={isAgent(user) ? home.to : '/'}
          title="Nyota Cloud"
          className="flex shrink-0 items-center gap-2 rounded-md py-1 pr-1 text-sm font-bold"
        >
          <img src="/favicon.svg" alt="" className="h-6 w-6" />
          {isAgent(user) ? home.label : 'Nyota Cloud'}
        </Link>
        {title && (
          <p className="min-w-0 truncate border-l border-gray-200 pl-3 text-sm text-gray-700 dark:border-gray-700 dark:text-gray-300">
            {title}
          </p>
        )}
        {/* The page's own controls (see AdminToolbar); under the bar's first row on narrow screens. */}
        <div
          ref={setToolbar}
          className="order-last flex w-full min-w-0 items-center gap-2 empty:hidden lg:order-none lg:w-auto lg:flex-1"
        />
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <span className="hidden sm:block">
            <ThemeSwitcher />
          </span>
          <AgentMenu />
        </div>
      </header>
      <div className="flex min-h-0 flex-1">
        {isAgent(user) && <AdminSidebar />}
        <main id="main" ref={main} tabIndex={-1} className="relative min-h-0 min-w-0 flex-1 overflow-y-auto focus:outline-none">
          <EmailHealthBanner enabled={user?.isAdmin === true} />
          <AdminToolbarSlot.Provider value={toolbar}>
            <Suspense fallback={<LoadingMessage>Loading...</LoadingMessage>}>
              <RequireAdmin>
                <Outlet />
              </RequireAdmin>
            </Suspense>
          </AdminToolbarSlot.Provider>
        </main>
      </div>
      {isAgent(user) && <AdminNavDrawer id={drawerId} open={drawerOpen} onClose={closeDrawer} />}
      {/* The agent stays present (their chats stay theirs) on every admin page, not only the console. */}
      {isAgent(user) && <AgentPresence />}
      <DeferredToaster />
    </div>
  );
}

export default AdminShell;

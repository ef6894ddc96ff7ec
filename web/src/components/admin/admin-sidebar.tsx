// The admin's section navigation: a sidebar beside the page on wide screens,
// an icon rail on the chat console (its three panes need the width), and a
// drawer opened from the top bar below 1024 px (docs/DECISIONS.md, "Admin
// navigation").

import {
  BarChart3,
  CalendarDays,
  Database,
  FileText,
  Images,
  Inbox,
  ScrollText,
  LayoutDashboard,
  MessagesSquare,
  Network,
  Settings,
  ShieldCheck,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { useUser } from '@/lib/auth/get-user';
import { mayOpenAdminPage } from '@/lib/auth/roles';

interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
  /** Other pages of the same section (the enhanced editors); `/x/*` is every page under /x. */
  also?: string[];
}

interface NavGroup {
  label: string;
  items: NavItem[];
}

export const adminNavigation: NavGroup[] = [
  {
    label: 'Work',
    items: [
      { path: '/admin', label: 'Overview', icon: LayoutDashboard },
      { path: '/admin/chat', label: 'Chat', icon: MessagesSquare },
      { path: '/admin/requests', label: 'Requests', icon: Inbox },
      { path: '/admin/privacy-requests', label: 'Privacy requests', icon: ShieldCheck },
    ],
  },
  {
    label: 'Content',
    items: [
      { path: '/admin/blogs', label: 'Blog', icon: FileText, also: ['/admin/blogs/*'] },
      { path: '/admin/events', label: 'Events', icon: CalendarDays, also: ['/admin/events/enhanced'] },
      { path: '/admin/uploads', label: 'Uploads', icon: Images },
    ],
  },
  {
    label: 'Platform',
    items: [
      { path: '/admin/analytics', label: 'Analytics', icon: BarChart3 },
      { path: '/admin/agents', label: 'Agents', icon: Users },
      { path: '/admin/teams', label: 'Teams', icon: Network },
      { path: '/admin/settings', label: 'Settings', icon: Settings },
      { path: '/admin/database', label: 'Database', icon: Database },
      { path: '/admin/audit', label: 'Audit log', icon: ScrollText },
    ],
  },
];

function belongsTo(path: string, pattern: string): boolean {
  return pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** The navigation item a path belongs to, if any. */
export function currentNavPath(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const group of adminNavigation) {
    for (const item of group.items) {
      if (item.path === path || item.also?.some((other) => belongsTo(path, other))) return item.path;
    }
  }
  return undefined;
}

function NavLinks({ rail, onNavigate }: { rail: boolean; onNavigate?: () => void }) {
  const { data: user } = useUser();
  const { pathname } = useLocation();
  const current = currentNavPath(pathname);
  const groups = adminNavigation
    .map((group) => ({ ...group, items: group.items.filter((item) => mayOpenAdminPage(user, item.path)) }))
    .filter((group) => group.items.length > 0);
  return (
    <>
      {groups.map((group) => (
        <div key={group.label} className="mb-3">
          <p
            className={cn(
              'px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400',
              rail && 'sr-only',
            )}
          >
            {group.label}
          </p>
          <ul className="space-y-0.5">
            {group.items.map(({ path, label, icon: Icon }) => {
              const active = path === current;
              return (
                <li key={path}>
                  <Link
                    to={path}
                    aria-current={active ? 'page' : undefined}
                    title={rail ? label : undefined}
                    onClick={onNavigate}
                    className={cn(
                      'flex items-center gap-2.5 rounded-md px-3 py-1.5 text-sm font-medium',
                      rail && 'justify-center px-0 py-2',
                      active
                        ? 'bg-pink-50 text-brand-dark dark:bg-gray-800 dark:text-brand-light'
                        : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
                    )}
                  >
                    <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                    <span className={cn(rail && 'sr-only')}>{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </>
  );
}

/** The sidebar on wide screens (hidden below lg; the drawer takes over there). */
export function AdminSidebar() {
  const { pathname } = useLocation();
  // The chat console's three panes need the width: only icons there.
  const rail = currentNavPath(pathname) === '/admin/chat';
  return (
    <nav
      aria-label="Admin"
      className={cn(
        'hidden shrink-0 overflow-y-auto border-r border-gray-200 bg-gray-50 py-3 dark:border-gray-800 dark:bg-gray-900 lg:block',
        rail ? 'w-14 px-1.5' : 'w-52 px-2',
      )}
    >
      <NavLinks rail={rail} />
    </nav>
  );
}

/**
 * The sidebar as a drawer below lg: focus moves in, Escape or the close button
 * closes it (the caller returns focus to its menu button); the caller closes it
 * on navigation too.
 */
export function AdminNavDrawer({ open, onClose, id }: { open: boolean; onClose: () => void; id: string }) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const links = panel.current?.querySelector<HTMLElement>('[aria-current="page"]') ?? panel.current?.querySelector<HTMLElement>('a');
    links?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={onClose} />
      <div
        id={id}
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Admin sections"
        className="absolute inset-y-0 left-0 flex w-64 max-w-[80vw] flex-col overflow-y-auto bg-white p-2 shadow-xl dark:bg-gray-900"
      >
        <div className="mb-2 flex items-center justify-between px-1">
          <p className="text-sm font-semibold">Sections</p>
          <button
            type="button"
            aria-label="Close menu"
            onClick={onClose}
            className="rounded-md p-1.5 hover:bg-gray-100 dark:hover:bg-gray-800"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Admin">
          <NavLinks rail={false} />
        </nav>
      </div>
    </div>
  );
}

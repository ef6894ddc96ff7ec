import { ChevronDown, Menu, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { site } from '@/config/site';
import { saveLanguageChoice } from '@/lib/auth/account-language';
import { useUser } from '@/lib/auth/get-user';
import { isAgent, SUPPORT_HOME } from '@/lib/auth/roles';
import { useLogout } from '@/lib/auth/logout';
import { t } from '@/i18n/i18n';
import { DesktopMenu } from './desktop-menu';
import { LanguageSwitcher } from './language-switcher';
import { plainLinks, productLinks, solutionLinks, type NavLink } from '../lib/nav-links';

type Submenu = 'products' | 'solutions';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100 dark:hover:bg-gray-800',
    isActive ? 'text-brand-dark dark:text-brand-light' : 'text-gray-800 dark:text-gray-100',
  );

/** The shared header; `themeSwitcher` is supplied by the app shell. */
export function Header({ themeSwitcher }: { themeSwitcher: ReactNode }) {
  const { data: user, isPending } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  // Leave a signed-in-only page synchronously, before the user is cleared (it would
  // redirect to /login): react-dom's flushSync for the app's BrowserRouter, the
  // option for the data router the tests use.
  const logout = useLogout({
    onLoggedOut: () =>
      flushSync(() => {
        void navigate('/', { flushSync: true });
      }),
  });
  // A language chosen on the page before goes on the account once it is known
  // who is here (a save that fails stays marked and is tried on the next page).
  useEffect(() => {
    if (!isPending) void saveLanguageChoice(user ?? null).catch(() => undefined);
  }, [isPending, user]);
  const [desktopMenu, setDesktopMenu] = useState<Submenu | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileSubmenu, setMobileSubmenu] = useState<Submenu | null>(null);

  // Close every menu after a navigation.
  useEffect(() => {
    setDesktopMenu(null);
    setMobileOpen(false);
    setMobileSubmenu(null);
  }, [location.pathname, location.search]);

  const accountLinks: NavLink[] = [];
  if (user) accountLinks.push({ to: '/dashboard', label: t('header.dashboard') });
  if (user?.isAdmin) accountLinks.push({ to: '/admin', label: t('header.admin') });
  else if (isAgent(user)) accountLinks.push({ to: SUPPORT_HOME, label: t('header.chatConsole') });

  const authActions = (mobile: boolean) => {
    if (isPending) return null;
    if (user) {
      return (
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className={buttonClass('secondary', mobile ? 'w-full' : undefined)}
        >
          {logout.isPending ? t('header.loggingOut') : t('header.logOut')}
        </button>
      );
    }
    return (
      <>
        <Link to="/login" className={buttonClass('secondary', mobile ? 'w-full' : undefined)}>
          {t('header.logIn')}
        </Link>
        <Link to="/register" className={buttonClass('primary', mobile ? 'w-full' : undefined)}>
          {t('header.signUp')}
        </Link>
      </>
    );
  };

  const toggleMobileSubmenu = (menu: Submenu) =>
    setMobileSubmenu((current) => (current === menu ? null : menu));

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-gray-900 dark:text-white">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          {site.company}
        </Link>

        <nav aria-label={t('header.mainNav')} className="hidden items-center gap-1 lg:flex">
          <RouterNavLink to="/" end className={linkClass}>
            {t('header.home')}
          </RouterNavLink>
          <DesktopMenu
            label={t('header.products')}
            links={productLinks()}
            open={desktopMenu === 'products'}
            onOpenChange={(open) => setDesktopMenu(open ? 'products' : null)}
          />
          <DesktopMenu
            label={t('header.solutions')}
            links={solutionLinks()}
            open={desktopMenu === 'solutions'}
            onOpenChange={(open) => setDesktopMenu(open ? 'solutions' : null)}
          />
          {[...plainLinks(), ...(isPending ? [] : accountLinks)].map((link) => (
            <RouterNavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </RouterNavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          {/* From 1280 px: between 1024 and 1280 the menu takes the row, and the footer offers the languages. */}
          <div className="hidden xl:flex">
            <LanguageSwitcher />
          </div>
          {themeSwitcher}
          {authActions(false)}
        </div>

        <button
          type="button"
          className="rounded-md p-2 text-gray-800 hover:bg-gray-100 lg:hidden dark:text-gray-100 dark:hover:bg-gray-800"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? t('header.closeMenu') : t('header.openMenu')}
          onClick={() => setMobileOpen((open) => !open)}
        >
          {mobileOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </div>

      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label={t('header.mobileNav')}
          className="border-t border-gray-200 px-4 pb-4 lg:hidden dark:border-gray-800"
        >
          <ul className="space-y-1 py-2">
            <li>
              <RouterNavLink to="/" end className={cn(linkClass({ isActive: false }), 'block')}>
                {t('header.home')}
              </RouterNavLink>
            </li>
            {(
              [
                ['products', t('header.products'), productLinks()],
                ['solutions', t('header.solutions'), solutionLinks()],
              ] as const
            ).map(([key, label, links]) => (
              <li key={key}>
                <button
                  type="button"
                  aria-expanded={mobileSubmenu === key}
                  aria-controls={`mobile-${key}`}
                  onClick={() => toggleMobileSubmenu(key)}
                  className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
                >
                  {label}
                  <ChevronDown
                    className={cn('h-4 w-4 transition-transform', mobileSubmenu === key && 'rotate-180')}
                    aria-hidden="true"
                  />
                </button>
                <ul id={`mobile-${key}`} hidden={mobileSubmenu !== key} className="ml-4 space-y-1">
                  {links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="block rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {[...plainLinks(), ...(isPending ? [] : accountLinks)].map((link) => (
              <li key={link.to}>
                <RouterNavLink to={link.to} className={(s) => cn(linkClass(s), 'block')}>
                  {link.label}
                </RouterNavLink>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2 border-t border-gray-200 pt-4 dark:border-gray-800">
            <LanguageSwitcher />
            {themeSwitcher}
            {authActions(true)}
          </div>
        </nav>
      )}
    </header>
  );
}

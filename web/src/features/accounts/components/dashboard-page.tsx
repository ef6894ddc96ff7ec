import { Cloud, KeyRound, LifeBuoy, Lock, Server, ShieldCheck, Users } from 'lucide-react';
import { Link, Navigate } from 'react-router-dom';
import { ActionLink } from '@/components/marketing/action-link';
import { buttonClass } from '@/components/ui/button';
import { LoadingMessage } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { telHref, useSiteSettings, type SiteSettings } from '@/lib/site-settings';
import { useUser } from '@/lib/auth/get-user';
import { greetingName } from '@/lib/error-catalogue';
import { mailtoHref } from '@/lib/mailto';
import { RouteMeta } from '@/components/ui/route-meta';
// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/dashboard';
import { t } from '@/i18n/i18n';

// Functions, not constants: the texts are in the page's language, read at render.
const cards = () => [
  {
    Icon: Cloud,
    title: t('dashboard.cards.cloud.title'),
    text: t('dashboard.cards.cloud.text'),
    to: '/iaas',
    action: t('dashboard.cards.cloud.action'),
  },
  {
    Icon: Server,
    title: t('dashboard.cards.managed.title'),
    text: t('dashboard.cards.managed.text'),
    to: '/managed-infrastructure',
    action: t('dashboard.cards.managed.action'),
  },
  {
    Icon: ShieldCheck,
    title: t('dashboard.cards.security.title'),
    text: t('dashboard.cards.security.text'),
    to: '/security-compliance',
    action: t('dashboard.cards.security.action'),
  },
];

const services = () => [
  { to: '/bare-metal-servers', label: t('nav.bareMetal') },
  { to: '/virtual-servers', label: t('nav.virtualServers') },
  { to: '/data-forge', label: site.biProduct },
  { to: '/edge', label: t('nav.edge') },
];

/** The Need Help block: who to reach, and how (addresses and numbers from the site settings). */
function helpTeams(settings: SiteSettings) {
  return [
    {
      Icon: LifeBuoy,
      title: t('dashboard.help.support.title'),
      text: t('dashboard.help.support.text'),
      href: telHref(settings.phone),
      action: t('dashboard.help.support.action', { phone: settings.phone }),
    },
    {
      Icon: Lock,
      title: t('dashboard.help.security.title'),
      text: t('dashboard.help.security.text'),
      href: mailtoHref(settings.infoEmail, { subject: t('dashboard.help.security.subject') }),
      action: t('dashboard.help.security.action'),
    },
    {
      Icon: Users,
      title: t('dashboard.help.sales.title'),
      text: t('dashboard.help.sales.text'),
      href: mailtoHref(settings.salesEmail || settings.infoEmail),
      action: t('dashboard.help.sales.action'),
    },
  ];
}

export function DashboardPage() {
  const settings = useSiteSettings();
  const { data: user, isPending, isError } = useUser();
  if (isPending) return <LoadingMessage>{t('dashboard.loading')}</LoadingMessage>;
  if (isError || !user) return <Navigate to="/login" replace />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
      <RouteMeta route="/dashboard" />
      <h1 className="text-3xl font-bold">{t('dashboard.welcome', { name: greetingName(user) })}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('dashboard.intro')}</p>
      <p className="mt-3 text-sm">
        <Link
          to="/account/security"
          className="inline-flex items-center gap-1.5 text-brand-dark underline dark:text-brand-light"
        >
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {t('dashboard.securityLink')}
        </Link>
      </p>

      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {cards().map(({ Icon, title, text, to, action }) => (
          <li key={to} className="flex flex-col rounded-lg border border-gray-200 p-6 dark:border-gray-700">
            <Icon className="h-8 w-8 text-brand-dark dark:text-brand-light" aria-hidden="true" />
            <h2 className="mt-4 text-lg font-semibold">{title}</h2>
            <p className="mt-2 flex-1 text-sm text-gray-700 dark:text-gray-300">{text}</p>
            <Link to={to} className={buttonClass('secondary', 'mt-4 self-start')}>
              {action}
            </Link>
          </li>
        ))}
      </ul>

      <div className="mt-12 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="services-heading" className="rounded-lg border border-gray-200 p-6 dark:border-gray-700">
          <h2 id="services-heading" className="text-lg font-semibold">
            {t('dashboard.services.title')}
          </h2>
          <ul className="mt-4 space-y-2">
            {services().map((service) => (
              <li key={service.to}>
                <Link to={service.to} className="text-brand-dark underline dark:text-brand-light">
                  {service.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="get-started-heading" className="rounded-lg bg-gray-900 p-6 text-white dark:bg-gray-800">
          <h2 id="get-started-heading" className="text-lg font-semibold">
            {t('dashboard.getStarted.title')}
          </h2>
          <p className="mt-2 text-sm text-gray-200">
            {t('dashboard.getStarted.text')}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ActionLink href={settings.bookingUrl}>{t('dashboard.getStarted.book')}</ActionLink>
            <ActionLink href="/contact" variant="secondary">
              {t('dashboard.getStarted.contact')}
            </ActionLink>
          </div>
        </section>
      </div>

      <section aria-labelledby="help-heading" className="mt-12">
        <h2 id="help-heading" className="text-lg font-semibold">
          {t('dashboard.help.title')}
        </h2>
        <ul className="mt-4 grid gap-6 md:grid-cols-3">
          {helpTeams(settings).map(({ Icon, title, text, href, action }) => (
            <li key={title} className="flex gap-3">
              <Icon className="h-6 w-6 flex-none text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-gray-700 dark:text-gray-300">{text}</p>
                <ActionLink href={href} variant="text" className="mt-2 text-sm">
                  {action}
                </ActionLink>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { Cloud, KeyRound, LifeBuoy, Lock, Server, ShieldCheck, Users } from 'lucide-react';
import { Link, Navigate } from 'react-router-dom';
import { ActionLink } from '@/components/marketing/action-link';
import { buttonClass } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { telHref, useSiteSettings, type SiteSettings } from '@/lib/site-settings';
import { useUser } from '@/lib/auth/get-user';
import { greetingName } from '@/lib/error-catalogue';
import { mailtoHref } from '@/lib/mailto';

const cards = [
  {
    Icon: Cloud,
    title: 'Cloud Services',
    text: 'Virtual servers, storage and networking on demand.',
    to: '/iaas',
    action: 'View Services',
  },
  {
    Icon: Server,
    title: 'Managed Infrastructure',
    text: 'Let our engineers monitor, patch and tune your systems 24/7.',
    to: '/managed-infrastructure',
    action: 'Learn More',
  },
  {
    Icon: ShieldCheck,
    title: 'Security & Compliance',
    text: 'Encryption, access control and compliance for your workloads.',
    to: '/security-compliance',
    action: 'View Details',
  },
];

const services = [
  { to: '/bare-metal-servers', label: 'Bare Metal Servers' },
  { to: '/virtual-servers', label: 'Virtual Servers' },
  { to: '/data-forge', label: site.biProduct },
  { to: '/edge', label: 'Edge AI' },
];

/** The Need Help block: who to reach, and how (addresses and numbers from the site settings). */
function helpTeams(settings: SiteSettings) {
  return [
    {
      Icon: LifeBuoy,
      title: 'Technical support',
      text: 'Help with servers, storage, networking and your account, 24/7.',
      href: telHref(settings.phone),
      action: `Call ${settings.phone}`,
    },
    {
      Icon: Lock,
      title: 'Security team',
      text: 'Report a security concern or ask about encryption, access control and compliance.',
      href: mailtoHref(settings.infoEmail, { subject: 'Security' }),
      action: 'Email the security team',
    },
    {
      Icon: Users,
      title: 'Sales team',
      text: 'Plans, quotes, upgrades and custom infrastructure for your business.',
      href: mailtoHref(settings.salesEmail || settings.infoEmail),
      action: 'Email the sales team',
    },
  ];
}

export function DashboardPage() {
  const settings = useSiteSettings();
  const { data: user, isPending, isError } = useUser();
  if (isPending) return <LoadingMessage>Loading dashboard...</LoadingMessage>;
  if (isError || !user) return <Navigate to="/login" replace />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
      <PageMeta title="Dashboard | Nyota Cloud" description="Your Nyota Cloud account dashboard." />
      <h1 className="text-3xl font-bold">Welcome, {greetingName(user)}!</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">Explore our services and get started with your infrastructure.</p>
      <p className="mt-3 text-sm">
        <Link
          to="/account/security"
          className="inline-flex items-center gap-1.5 text-brand-dark underline dark:text-brand-light"
        >
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          Account security: two-step verification
        </Link>
      </p>

      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {cards.map(({ Icon, title, text, to, action }) => (
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
            Available services
          </h2>
          <ul className="mt-4 space-y-2">
            {services.map((service) => (
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
            Get Started
          </h2>
          <p className="mt-2 text-sm text-gray-200">
            Book a call with our team to plan your infrastructure, or reach support any time.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ActionLink href={settings.bookingUrl}>Book Now</ActionLink>
            <ActionLink href="/contact" variant="secondary">
              Contact Support
            </ActionLink>
          </div>
        </section>
      </div>

      <section aria-labelledby="help-heading" className="mt-12">
        <h2 id="help-heading" className="text-lg font-semibold">
          Need Help?
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

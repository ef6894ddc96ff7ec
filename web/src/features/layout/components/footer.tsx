import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { site } from '@/config/site';
import { openCookieSettings } from '@/lib/cookie-settings';
import { mailtoHref } from '@/lib/mailto';
import { telHref, useSiteSettings } from '@/lib/site-settings';
import { t } from '@/i18n/i18n';
import { footerGroups } from '../lib/nav-links';
import { LanguageLinks } from './language-switcher';

export function Footer() {
  const year = new Date().getFullYear();
  const settings = useSiteSettings();
  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-gray-700 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-6 lg:px-8">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-gray-900 dark:text-white">{site.company}</p>
          <p className="mt-2 max-w-sm text-sm">
            {t('footer.tagline')}
          </p>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p className="flex items-center gap-2">
              <Phone className="h-4 w-4" aria-hidden="true" />
              <a href={telHref(settings.phone)} className="hover:underline">
                {settings.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail className="h-4 w-4" aria-hidden="true" />
              <a href={mailtoHref(settings.infoEmail)} className="hover:underline">
                {settings.infoEmail}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {settings.office.building}, {settings.office.street}, {settings.office.city}
            </p>
          </address>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label={t('footer.socialMedia')}>
            {settings.social.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="underline hover:no-underline">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {footerGroups().map((group) => (
          <nav key={group.title} aria-label={t('footer.groupNav', { group: group.title })}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-900 dark:text-white">
              {group.title}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="flex flex-col items-center gap-2 border-t border-gray-200 py-4 text-center text-sm sm:flex-row sm:justify-center sm:gap-4 dark:border-gray-800">
        <span>{t('footer.rights', { year: String(year), company: site.company })}</span>
        <button type="button" onClick={openCookieSettings} className="underline hover:no-underline">
          {t('footer.cookieSettings')}
        </button>
        <LanguageLinks />
      </div>
    </footer>
  );
}

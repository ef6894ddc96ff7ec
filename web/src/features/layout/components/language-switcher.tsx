import { Globe } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { activeLocale, t } from '@/i18n/i18n';
import { localeNames, localizedPath, locales, type Locale } from '@/i18n/locales';
import { chooseLocale } from '@/lib/auth/account-language';

/** This page in `locale`: the same path, query and fragment under that language's prefix. */
function useAddressIn(): (locale: Locale) => string {
  const { pathname, search, hash } = useLocation();
  return (locale) => `${localizedPath(pathname, locale)}${search}${hash}`;
}

/**
 * The header's language menu: each language by its own name. Choosing one
 * remembers it (on the account too, when signed in) and loads this page in
 * it (a page is in one language only).
 */
export function LanguageSwitcher() {
  const addressIn = useAddressIn();
  const current = activeLocale();
  return (
    <label className="flex items-center gap-1 text-sm text-gray-800 dark:text-gray-100">
      <Globe className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={current}
        onChange={(event) => {
          const locale = event.target.value as Locale;
          chooseLocale(locale);
          window.location.assign(addressIn(locale));
        }}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900"
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The footer's languages: plain links (a crawler follows them), the current one marked. */
export function LanguageLinks() {
  const addressIn = useAddressIn();
  const current = activeLocale();
  return (
    <nav aria-label={t('language.label')}>
      <ul className="flex gap-3">
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={addressIn(locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => chooseLocale(locale)}
              className={locale === current ? 'font-semibold' : 'underline hover:no-underline'}
            >
              {localeNames[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The site's languages. English is at today's paths; French and Kiswahili
// under /fr/… and /sw/…. The language is fixed for a page load: switching
// loads the page again at the other address, so nothing is ever shown half
// in one language and half in another.

export const locales = ['en', 'fr', 'sw'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Each language by its own name, as a switcher offers it (never translated). */
export const localeNames: Record<Locale, string> = { en: 'English', fr: 'Français', sw: 'Kiswahili' };

/** "Read in …" written in each language itself, for a link to a text in that language (never translated). */
export const readInNames: Record<Locale, string> = { en: 'Read in English', fr: 'Lire en français', sw: 'Soma kwa Kiswahili' };

const prefixed = /^\/(fr|sw)(?=\/|$)/;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The language a path is in, and the path without its language prefix ("/fr/blog" → fr, "/blog"). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = prefixed.exec(pathname);
  if (!match) return { locale: defaultLocale, path: pathname || '/' };
  return { locale: match[1] as Locale, path: pathname.slice(match[0].length) || '/' };
}

/** The router's base for a language: "" for English, "/fr" and "/sw" for the others. */
export function localeBase(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** `path` (without a language prefix) in `locale`: "/blog" → "/fr/blog", "/" → "/fr" (a language's home). */
export function localizedPath(path: string, locale: Locale): string {
  const base = localeBase(locale);
  if (!base) return path;
  return path === '/' || path === '' ? base : `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The cookie that remembers a visitor's choice (functional: no consent needed). */
export const localeCookie = 'nyota_lang';

export function rememberLocale(locale: Locale, doc: Pick<Document, 'cookie'> = document): void {
  doc.cookie = `${localeCookie}=${locale}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

export function rememberedLocale(doc: Pick<Document, 'cookie'> = document): Locale | null {
  const match = new RegExp(`(?:^|; )${localeCookie}=([a-z]+)`).exec(doc.cookie);
  return match && isLocale(match[1]) ? match[1] : null;
}

/** The first of the browser's languages the site has ("fr-CD" → fr), or null. */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/**
 * The language to offer a visitor reading a page in `pageLocale`: the
 * browser's first language of ours when it is another one and no choice
 * was ever made (either way), else null.
 */
export function suggestedLocale(
  pageLocale: Locale,
  languages: readonly string[] = navigator.languages ?? [navigator.language],
  doc: Pick<Document, 'cookie'> = document,
): Locale | null {
  if (rememberedLocale(doc)) return null;
  const wanted = preferredLocale(languages);
  return wanted && wanted !== pageLocale ? wanted : null;
}

// Texts by message id from the active language's catalogue (ICU
// MessageFormat: placeholders, plurals), through @lingui/core. The language
// is set once, before the first render (main.tsx), so `t` is a plain
// function: components, data and toasts call it alike.

import { i18n, setupI18n } from '@lingui/core';
import { messages as english } from 'virtual:catalog/en';
import type catalogue from './catalogs/en.json';
import { defaultLocale, type Locale } from './locales';

/** Every message id there is: the English catalogue's keys. */
export type MessageId = keyof typeof catalogue;
export type MessageValues = Record<string, string | number>;

// English is the source and the fallback: with the entry, so an English
// page renders at once. The others are chunks of their own, loaded when used.
i18n.load(defaultLocale, english);
i18n.activate(defaultLocale);

const others: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: typeof english }>> = {
  fr: () => import('virtual:catalog/fr'),
  sw: () => import('virtual:catalog/sw'),
};

/** Loads `locale`'s catalogue and makes it the page's language (`<html lang>` too). */
export async function activateLocale(locale: Locale, root: HTMLElement = document.documentElement): Promise<void> {
  if (locale !== 'en') {
    const { messages } = await others[locale]();
    i18n.load(locale, messages);
  }
  i18n.activate(locale);
  root.lang = locale;
}

/** The page's language. */
export function activeLocale(): Locale {
  return i18n.locale as Locale;
}

/** The text of message `id` in the page's language, with `values` put in. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

/** A fraction as a percentage in the page's language: 0.999 → "99.9%", "99,9 %" in French. */
export function formatPercent(fraction: number, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(activeLocale(), { style: 'percent', maximumFractionDigits }).format(fraction);
}

/**
 * The texts of another language than the page's, for the one place that
 * speaks it (the suggestion to read the page in the visitor's language).
 */
export async function textsIn(locale: Locale): Promise<(id: MessageId, values?: MessageValues) => string> {
  const messages = locale === 'en' ? english : (await others[locale]()).messages;
  const other = setupI18n({ locale, messages: { [locale]: messages } });
  return (id, values) => other._(id, values);
}

// Texts by message id in the page's language (ICU MessageFormat: placeholders,
// plurals), compiled at build time (build-plugins/catalogs.ts). The language
// is set once, before the first render (main.tsx), so `t` is a plain
// function: components, data and toasts call it alike.

import 'virtual:catalog/en';
import type catalogue from './catalogs/en.json';
import { defaultLocale, type Locale } from './locales';
import { loaded, type MessageValues } from './store';

export type { MessageValues } from './store';

/** Every message id there is: the English catalogue's keys. */
export type MessageId = keyof typeof catalogue;

// English's frame is in the entry (imported above), so an English page
// renders at once; another language's frame is a chunk loaded before the
// first render, and each page's own messages load with the page.
const frames: Record<Exclude<Locale, 'en'>, () => Promise<{ areaLoaders: AreaLoaders }>> = {
  fr: () => import('virtual:catalog/fr'),
  sw: () => import('virtual:catalog/sw'),
};

let active: Locale = defaultLocale;
type AreaLoaders = Record<string, () => Promise<unknown>>;
/** Where each page area's messages are in the page's language: its frame's table (none for English, whose pages import theirs). */
let areaLoaders: AreaLoaders | null = null;

/** Loads `locale`'s frame and makes it the page's language (`<html lang>` too). */
export async function activateLocale(locale: Locale, root: HTMLElement = document.documentElement): Promise<void> {
  if (locale !== 'en') {
    ({ areaLoaders } = await frames[locale]());
  }
  active = locale;
  root.lang = locale;
}

/**
 * Loads a page area's messages in the page's language; the router awaits it
 * with the page's module, which imports the English ones itself.
 */
export async function loadArea(area: string): Promise<void> {
  if (active === 'en') return;
  const load = areaLoaders?.[area];
  if (!load) throw new Error(`no message area "${area}"`);
  await load();
}

/** The page's language. */
export function activeLocale(): Locale {
  return active;
}

function say(locale: Locale, id: MessageId, values?: MessageValues): string {
  // English when a page's area has not loaded in time (never in a passing
  // test): a readable text rather than an id.
  const message = loaded[locale][id] ?? loaded.en[id];
  return message ? message(values) : id;
}

/** The text of message `id` in the page's language, with `values` put in. */
export function t(id: MessageId, values?: MessageValues): string {
  return say(active, id, values);
}

/** A fraction as a percentage in the page's language: 0.999 → "99.9%", "99,9 %" in French. */
export function formatPercent(fraction: number, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(active, { style: 'percent', maximumFractionDigits }).format(fraction);
}

/**
 * An amount of money in the page's language: whole amounts without cents,
 * others with two decimals ("$7", "$8.40"; "7 $US", "8,40 $US" in French;
 * "US$ 8.40" in Kiswahili). The figure itself never changes.
 */
export function formatMoney(amount: number, currency = 'USD'): string {
  const decimals = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(active, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

/**
 * Kenyan shillings in the page's language: the spec's "KSh. 1,800" in
 * English, the language's own way elsewhere ("1 800 KES" in French,
 * "Ksh 1,800" in Kiswahili). The figure itself never changes.
 */
export function formatShillings(amount: number): string {
  return active === 'en' ? `KSh. ${new Intl.NumberFormat('en').format(amount)}` : formatMoney(amount, 'KES');
}

/** A number in the page's language ("1,234.5"; "1 234,5" in French). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(active, options).format(value);
}

/** A date (and time, with `options`) in the page's language: "April 23, 2025", "23 avril 2025", "23 Aprili 2025". */
export function formatDate(date: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return new Intl.DateTimeFormat(active, options).format(typeof date === 'string' ? new Date(date) : date);
}

/**
 * The frame's texts in another language than the page's, for the one place
 * that speaks it (the suggestion to read the page in the visitor's language).
 */
export async function textsIn(locale: Locale): Promise<(id: MessageId, values?: MessageValues) => string> {
  if (locale !== 'en') await frames[locale]();
  return (id, values) => say(locale, id, values);
}

// The compiled messages loaded so far, by language. Each catalogue module
// (build-plugins/catalogs.ts) registers its own when it runs; a module of its
// own so a catalogue can register before src/i18n/i18n.ts has run.

import type { Locale } from './locales';

export type MessageValues = Record<string, string | number>;
export type MessageFunction = (values?: MessageValues) => string;

export const loaded: Record<Locale, Record<string, MessageFunction>> = { en: {}, fr: {}, sw: {} };

export function register(locale: Locale, messages: Record<string, MessageFunction>): void {
  Object.assign(loaded[locale], messages);
}

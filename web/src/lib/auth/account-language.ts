// The language of a signed-in user's account (issue 39): each choice is
// saved on it, and a sign-in on another device opens the site in it.

import { activeLocale } from '@/i18n/i18n';
import { isLocale, localizedPath, rememberedLocale, rememberLocale, type Locale } from '@/i18n/locales';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/api-types';

/** Where a choice waits for the next page, which knows whether someone is signed in. */
const unsavedChoiceKey = 'nyota_lang_unsaved';

/** Saves `locale` on the signed-in user's account. */
export function saveAccountLanguage(locale: Locale): Promise<void> {
  return apiRequest<void>('/api/user/language', { method: 'PUT', body: { language: locale } });
}

/**
 * A choice of language, made just before the page loads again in it:
 * remembered on this device (the cookie), and marked for the account,
 * which the next page saves it on once it knows who is signed in
 * ([`saveLanguageChoice`]): nothing races the page being left.
 */
export function chooseLocale(locale: Locale): void {
  rememberLocale(locale);
  markUnsaved(locale);
}

function markUnsaved(locale: Locale): void {
  try {
    localStorage.setItem(unsavedChoiceKey, locale);
  } catch {
    // Storage refused (private mode, full): the device keeps the choice, the account does not.
  }
}

/**
 * The choice made on the page before, saved on the account of `user` when
 * someone is signed in and it is not their language already; forgotten
 * either way (a visitor who signs in later brings it with the cookie:
 * [`signInLanguage`]). A save that fails is tried again on the next page.
 */
export async function saveLanguageChoice(user: Pick<User, 'language'> | null): Promise<void> {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(unsavedChoiceKey);
  } catch {
    return;
  }
  if (!isLocale(chosen)) return;
  if (user && user.language !== chosen) await saveAccountLanguage(chosen);
  localStorage.removeItem(unsavedChoiceKey);
}

/**
 * What a sign-in does with languages, going to `destination` (a path
 * without a language prefix): an account with a language makes it this
 * device's choice too, and returns the destination's address in it when
 * the page is in another language (an admin page stays where it is: the
 * admin is in English); an account without one takes this device's
 * choice, if any (saved by the next page). Null when the sign-in goes on in this page's language.
 */
export function signInLanguage(user: Pick<User, 'language'>, destination: string): string | null {
  if (!user.language) {
    const chosen = rememberedLocale();
    if (chosen) markUnsaved(chosen);
    return null;
  }
  rememberLocale(user.language);
  const adminPage = destination === '/admin' || destination.startsWith('/admin/') || destination.startsWith('/admin?');
  if (user.language === activeLocale() || adminPage) return null;
  return localizedPath(destination, user.language);
}

// The language of a post or an event as a list shows it: an item in the
// page's language as it is; another's labelled with its language, its title
// marked with it (`lang`). A post's page is at its language's address, so a
// post in another language opens with a full load there (the app's language
// is fixed for a page load).

import type { Language } from '@/api-types/Language';
import { localizedPath, type Locale } from '@/i18n/locales';

/** The language to label an item with on a page in `locale`: its own when it differs, else null. */
export function otherLanguage(language: Language, locale: Locale): Language | null {
  return language === locale ? null : language;
}

/** A post's page: `/blog/{id}` under its language's prefix (`/fr/blog/{id}`). */
export function postPagePath(post: { id: string; language: Language }): string {
  return localizedPath(`/blog/${encodeURIComponent(post.id)}`, post.language);
}

/**
 * How a page in `locale` links to a post: inside the app (`to`, without the
 * prefix the router adds) when the post is in the page's language, else a
 * full load of its own address (`href`).
 */
export function postLink(post: { id: string; language: Language }, locale: Locale): { to: string } | { href: string } {
  return post.language === locale ? { to: `/blog/${encodeURIComponent(post.id)}` } : { href: postPagePath(post) };
}

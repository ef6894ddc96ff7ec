import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import siteImage from '@/app/share-image.json';
import { site } from '@/config/site';
import { activeLocale, t } from '@/i18n/i18n';
import { localizedPath, locales } from '@/i18n/locales';

export interface PageMetaProps {
  title: string;
  description: string;
  keywords?: string;
  type?: 'website' | 'article';
  /** Appends " | Nyota Cloud Events" to the title. */
  variant?: 'default' | 'events';
  /** An absolute or site-relative image; the default is the site's 1200×630 preview image. */
  image?: string;
  publishedTime?: string;
  modifiedTime?: string;
  /**
   * The page's texts are in every language: its canonical address is the
   * one in the page's language, with `hreflang` links to the others (as the
   * gateway writes them). Otherwise the English address, and no links.
   */
  inEveryLanguage?: boolean;
}

/**
 * The events variant's document title: " | Nyota Cloud Events" in English,
 * the events pages' own words in another language (their area is loaded
 * with them; the gateway writes the same).
 */
export function pageTitle(title: string, variant: PageMetaProps['variant'] = 'default'): string {
  if (variant !== 'events') return title;
  return `${title}${activeLocale() === 'en' ? site.eventsSuffix : t('events.meta.titleSuffix')}`;
}

/** The canonical URL of `pathname` on this origin; the gateway writes the same one (PUBLIC_URL + path). */
export function canonicalUrl(pathname: string, origin = window.location.origin): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return `${origin}${path}`;
}

/**
 * Whether <head> describes the page at `pathname` already: its canonical link
 * names that path, as the served HTML's does (the gateway writes every tag of
 * a public route) and as PageMeta leaves it.
 */
export function headDescribesThisPage(pathname: string): boolean {
  const href = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (href == null) return false;
  const described = new URL(href, window.location.origin).pathname;
  return [pathname, localizedPath(pathname, activeLocale())].some((path) => described === new URL(canonicalUrl(path)).pathname);
}

type Tag = [element: 'meta' | 'link', key: 'name' | 'property' | 'rel', name: string, value: string | undefined];

/**
 * Sets <meta name|property=…> or <link rel=…> in <head>: updates the tag already there (the
 * gateway writes every one of them into index.html for crawlers, with exactly these attributes),
 * creates it when missing, removes it when `value` is undefined. Never duplicates a tag.
 */
function setTag([element, key, name, value]: Tag) {
  const valueAttribute = element === 'link' ? 'href' : 'content';
  const found = document.head.querySelectorAll(`${element}[${key}="${name}"]`);
  found.forEach((tag, index) => {
    if (index > 0 || value === undefined) tag.remove();
  });
  if (value === undefined) return;
  let tag = found[0];
  if (!tag) {
    tag = document.createElement(element);
    tag.setAttribute(key, name);
    document.head.appendChild(tag);
  }
  tag.setAttribute(valueAttribute, value);
}

/** The `hreflang` links of `pathname` in every language (and `x-default`, English); none for null. */
function setAlternates(pathname: string | null) {
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
  if (pathname === null) return;
  const links = [...locales.map((locale) => [locale, locale] as const), ['x-default', 'en'] as const];
  for (const [hreflang, locale] of links) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = hreflang;
    link.href = canonicalUrl(localizedPath(pathname, locale));
    document.head.appendChild(link);
  }
}

/** Title, description, canonical URL, Open Graph and Twitter tags of the current page. */
export function PageMeta({
  title,
  description,
  keywords,
  type = 'website',
  variant = 'default',
  image,
  publishedTime,
  modifiedTime,
  inEveryLanguage = false,
}: PageMetaProps) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const fullTitle = pageTitle(title, variant);
    const canonical = canonicalUrl(inEveryLanguage ? localizedPath(pathname, activeLocale()) : pathname);
    const origin = window.location.origin;
    const imageUrl = image ? new URL(image, origin).href : `${origin}${siteImage.path}`;
    const defaultImage = !image;
    const article = type === 'article';
    document.title = fullTitle;
    const tags: Tag[] = [
      ['meta', 'name', 'description', description],
      ['meta', 'name', 'keywords', keywords || undefined],
      ['link', 'rel', 'canonical', canonical],
      ['meta', 'property', 'og:title', fullTitle],
      ['meta', 'property', 'og:description', description],
      ['meta', 'property', 'og:type', type],
      ['meta', 'property', 'og:url', canonical],
      ['meta', 'property', 'og:site_name', site.company],
      ['meta', 'property', 'og:image', imageUrl],
      ['meta', 'property', 'og:image:width', defaultImage ? String(siteImage.width) : undefined],
      ['meta', 'property', 'og:image:height', defaultImage ? String(siteImage.height) : undefined],
      ['meta', 'property', 'og:image:alt', defaultImage ? siteImage.alt : undefined],
      ['meta', 'name', 'twitter:card', 'summary_large_image'],
      ['meta', 'name', 'twitter:title', fullTitle],
      ['meta', 'name', 'twitter:description', description],
      ['meta', 'name', 'twitter:image', imageUrl],
      ['meta', 'property', 'article:published_time', article ? publishedTime : undefined],
      ['meta', 'property', 'article:modified_time', article ? modifiedTime : undefined],
    ];
    tags.forEach(setTag);
    setAlternates(inEveryLanguage ? pathname : null);
  }, [title, description, keywords, type, variant, image, publishedTime, modifiedTime, pathname, inEveryLanguage]);
  return null;
}

import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import pageMeta from '@/app/page-meta.json';
import { activateLocale, loadArea } from '@/i18n/i18n';
import english from '@/i18n/catalogs/en.json';
import { canonicalUrl, PageMeta, pageTitle } from './page-meta';

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('PageMeta', () => {
  it('events variant appends the suffix', () => {
    expect(pageTitle('Tech Summit', 'events')).toBe('Tech Summit | Nyota Cloud Events');
    expect(pageTitle('About Us')).toBe('About Us');
  });

  it("ends an events page's title with the events pages' own words in French and Kiswahili", async () => {
    // The same words in English as the table's (the gateway reads both).
    expect(english['events.meta.titleSuffix']).toBe(pageMeta.eventsSuffix);
    await activateLocale('fr');
    await loadArea('events');
    expect(pageTitle('Sommet Tech', 'events')).toBe('Sommet Tech | Événements Nyota Cloud');
    await activateLocale('sw');
    await loadArea('events');
    expect(pageTitle('Kongamano', 'events')).toBe('Kongamano | Matukio ya Nyota Cloud');
    await activateLocale('en');
    expect(pageTitle('Tech Summit', 'events')).toBe('Tech Summit | Nyota Cloud Events');
  });

  it('writes description, keywords, canonical, Open Graph, Twitter and article dates', async () => {
    render(
      <MemoryRouter initialEntries={['/blog/42']}>
        <PageMeta
          title="A post"
          description="About a post"
          keywords="a, b"
          type="article"
          publishedTime="2026-01-02T00:00:00Z"
          modifiedTime="2026-01-03T00:00:00Z"
        />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('A post'));
    expect(meta('meta[name="description"]')).toBe('About a post');
    expect(meta('meta[name="keywords"]')).toBe('a, b');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/blog/42`,
    );
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/blog/42`);
    expect(meta('meta[name="twitter:title"]')).toBe('A post');
    expect(meta('meta[property="article:published_time"]')).toBe('2026-01-02T00:00:00Z');
    expect(meta('meta[property="article:modified_time"]')).toBe('2026-01-03T00:00:00Z');
  });
});

describe('PageMeta over the tags the gateway wrote', () => {
  it('updates them in place: one of each, none duplicated', async () => {
    document.head.innerHTML = [
      '<title>Contact Us | Nyota Cloud</title>',
      '<meta name="description" content="server description">',
      '<meta name="keywords" content="server keywords">',
      '<link rel="canonical" href="http://localhost:8080/contact">',
      '<meta property="og:title" content="Contact Us | Nyota Cloud">',
      '<meta property="og:url" content="http://localhost:8080/contact">',
      '<meta property="og:image" content="http://localhost:8080/og-image.png">',
      '<meta name="twitter:card" content="summary_large_image">',
    ].join('');
    render(
      <MemoryRouter initialEntries={['/about/']}>
        <PageMeta title="About Us | Nyota Cloud" description="About us" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('About Us | Nyota Cloud'));
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    for (const selector of [
      'meta[name="description"]',
      'link[rel="canonical"]',
      'meta[property="og:title"]',
      'meta[property="og:url"]',
      'meta[property="og:image"]',
      'meta[name="twitter:card"]',
      'meta[name="twitter:title"]',
    ]) {
      expect(document.head.querySelectorAll(selector), selector).toHaveLength(1);
    }
    expect(meta('meta[name="description"]')).toBe('About us');
    // A page without keywords drops the previous page's.
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/about`,
    );
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}/og-image.png`);
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
  });

  it('makes the canonical URL the gateway makes: origin and path without a trailing slash', () => {
    expect(canonicalUrl('/', 'https://nyota.example')).toBe('https://nyota.example/');
    expect(canonicalUrl('/contact/', 'https://nyota.example')).toBe('https://nyota.example/contact');
  });

  it("gives a page in every language its address in the page's language and hreflang links, and takes them off a page in English only", async () => {
    await activateLocale('fr');
    const view = render(
      <MemoryRouter initialEntries={['/about']}>
        <PageMeta title="À propos" description="Qui nous sommes" inEveryLanguage />
      </MemoryRouter>,
    );
    const origin = window.location.origin;
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/fr/about`),
    );
    const alternates = () =>
      [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map(
        (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
      );
    expect(alternates()).toEqual([
      `en ${origin}/about`,
      `fr ${origin}/fr/about`,
      `sw ${origin}/sw/about`,
      `x-default ${origin}/about`,
    ]);
    view.unmount();
    render(
      <MemoryRouter initialEntries={['/login']}>
        <PageMeta title="Log In" description="Sign in to your account" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/login`));
    expect(alternates()).toEqual([]);
    await activateLocale('en');
  });
});

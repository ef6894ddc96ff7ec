// Lists in a language: the page language's items first (the server's order,
// asked for with `lang`), each other-language item labelled with its
// language in the reader's language, its title marked with it, and a post in
// another language linked at its own address.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { eventFacets, blogFacets, event, pagination, post, summary } from '@/test/content-fixtures';
import { json, mockFetch, renderApp } from '@/test/render';
import { otherLanguage, postLink, postPagePath } from '../lib/content-language';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('content languages', () => {
  it('labels only another language, and links a post at its own address', () => {
    expect(otherLanguage('fr', 'en')).toBe('fr');
    expect(otherLanguage('sw', 'sw')).toBeNull();
    const french = { id: 'abc', language: 'fr' as const };
    expect(postPagePath(french)).toBe('/fr/blog/abc');
    expect(postPagePath({ id: 'abc', language: 'en' })).toBe('/blog/abc');
    expect(postLink(french, 'fr')).toEqual({ to: '/blog/abc' });
    expect(postLink(french, 'en')).toEqual({ href: '/fr/blog/abc' });
  });

  it('/blog labels a French post "French", marks its title and loads its French page', async () => {
    const french = post({ title: 'Les serveurs', language: 'fr' });
    const english = post({ title: 'Servers' });
    const asked: string[] = [];
    mockFetch((url) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/api/blog/facets') return json(200, blogFacets([english, french]));
      if (parsed.pathname === '/api/blog') {
        asked.push(parsed.searchParams.get('lang') ?? '');
        return json(200, { posts: [english, french].map(summary), pagination: pagination(1, 1), featured: null });
      }
      if (parsed.pathname === '/api/user') return json(401, { message: 'Unauthorized' });
      return json(404, {});
    });
    renderApp('/blog');
    const title = await screen.findByRole('heading', { name: 'Les serveurs' });
    expect(asked).toContain('en');
    expect(title).toHaveAttribute('lang', 'fr');
    expect(within(title).getByRole('link')).toHaveAttribute('href', `/fr/blog/${french.id}`);
    const card = title.closest('article')!;
    expect(within(card).getByText('French')).toBeInTheDocument();
    const own = screen.getByRole('heading', { name: 'Servers' });
    expect(own).not.toHaveAttribute('lang');
    expect(within(own.closest('article')!).queryByText('English')).toBeNull();
  });

  it('/fr/events asks for French first and labels an English event "Anglais"', async () => {
    await activateLocale('fr');
    const sommet = event({ title: 'Sommet', language: 'fr' });
    const summit = event({ title: 'Summit' });
    const asked: string[] = [];
    mockFetch((url) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/api/events/facets') return json(200, eventFacets([sommet, summit]));
      if (parsed.pathname === '/api/events') {
        asked.push(parsed.searchParams.get('lang') ?? '');
        return json(200, { events: [sommet, summit], pagination: pagination(1, 1) });
      }
      if (parsed.pathname === '/api/user') return json(401, { message: 'Unauthorized' });
      return json(404, {});
    });
    renderApp('/events');
    const title = await screen.findByRole('heading', { name: 'Summit' });
    await waitFor(() => expect(asked).toContain('fr'));
    expect(title).toHaveAttribute('lang', 'en');
    expect(within(title.closest('article')!).getByText('Anglais')).toBeInTheDocument();
    const own = screen.getByRole('heading', { name: 'Sommet' });
    expect(within(own.closest('article')!).queryByText('Français')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import routeTable from '@/app/routes.json';
import shareImage from '@/app/share-image.json';
import { site } from '@/config/site';
import en from '@/i18n/catalogs/en.json';
import fr from '@/i18n/catalogs/fr.json';
import sw from '@/i18n/catalogs/sw.json';
import { catalogueEntry, pageCatalogue, pageMetaTable, type PageMetaEntry } from './page-catalogue';

/** A translated route's title, description and keywords in one language's catalogue. */
function metaOf(catalogue: Record<string, string>, area: string) {
  const text = (field: string) => catalogue[`${area}.meta.${field}`] ?? '';
  return { title: text('title'), description: text('description'), keywords: text('keywords') };
}

describe('page-meta.json', () => {
  it('has an entry for every public route and no other', () => {
    expect(Object.keys(pageMetaTable.pages).sort()).toEqual([...routeTable.routes].sort());
  });

  it.each(routeTable.routes)('%s has a title, description, keywords, type and variant (in each language when translated)', (route) => {
    const entry = pageMetaTable.pages[route]!;
    expect(['website', 'article']).toContain(entry.type);
    expect(['default', 'events']).toContain(entry.variant);
    const texts = 'area' in entry ? [en, fr, sw].map((catalogue) => metaOf(catalogue, entry.area)) : [entry];
    for (const text of texts) {
      expect(text.title.length).toBeGreaterThan(0);
      expect(text.description.length).toBeGreaterThan(20);
      expect(text.description.length).toBeLessThanOrEqual(200);
      expect(text.keywords.length).toBeGreaterThan(0);
      if (route === '/') expect(text.title).toMatch(new RegExp(`^${site.company} \\| .+`));
      else if (entry.variant === 'events') expect(text.title).not.toContain(site.company);
      else expect(text.title).toMatch(new RegExp(`^.+ \\| ${site.company}$`));
    }
    if (route === '/') expect(texts[0]!.title).toBe(`${site.company} | Affordable Cloud Solutions for African SMEs`);
  });

  it('shares the brand and events suffix with the app', () => {
    expect(pageMetaTable.siteName).toBe(site.company);
    expect(pageMetaTable.eventsSuffix).toBe(site.eventsSuffix);
    expect(shareImage).toMatchObject({ path: '/og-image.png', width: 1200, height: 630 });
    expect(pageMetaTable.notFound.title).toBe('404 Page Not Found');
  });
});

describe('pageCatalogue', () => {
  it('keeps the metadata field names and the placeholder text', () => {
    expect(pageCatalogue['/kaa-rada']).toMatchObject({
      title: 'Kaa Rada Cloud CCTV | Nyota Cloud',
      heading: 'Kaa Rada Cloud CCTV',
      description: (pageMetaTable.pages['/kaa-rada'] as PageMetaEntry).description,
    });
    // A page translated into every language has its texts in the catalogues, not here.
    expect(pageCatalogue['/contact']).toBeUndefined();
    expect(pageCatalogue['/events']).toBeUndefined();
    expect(pageMetaTable.pages['/events']).toMatchObject({ area: 'events', variant: 'events' });
    expect(pageCatalogue['/blog/:id']!.type).toBe('article');
    expect(pageCatalogue['/login']).toMatchObject({ title: 'Log In | Nyota Cloud', heading: 'Log In' });
  });
});

describe('catalogueEntry', () => {
  it('returns the entry of a catalogued route', () => {
    expect(catalogueEntry('/iaas')).toBe(pageCatalogue['/iaas']);
  });

  it('throws for a route with no entry', () => {
    expect(() => catalogueEntry('/no-such-page')).toThrow('No page catalogue entry for /no-such-page');
  });
});

import { describe, expect, it } from 'vitest';
import routeTable from '@/app/routes.json';
import shareImage from '@/app/share-image.json';
import { site } from '@/config/site';
import { catalogueEntry, pageCatalogue, pageMetaTable } from './page-catalogue';

describe('page-meta.json', () => {
  it('has an entry for every public route and no other', () => {
    expect(Object.keys(pageMetaTable.pages).sort()).toEqual([...routeTable.routes].sort());
  });

  it.each(routeTable.routes)('%s has a title, description, keywords, type and variant', (route) => {
    const entry = pageMetaTable.pages[route]!;
    expect(entry.title.length).toBeGreaterThan(0);
    expect(entry.description.length).toBeGreaterThan(20);
    expect(entry.description.length).toBeLessThanOrEqual(200);
    expect(entry.keywords.length).toBeGreaterThan(0);
    expect(['website', 'article']).toContain(entry.type);
    expect(['default', 'events']).toContain(entry.variant);
    if (route === '/') expect(entry.title).toBe(`${site.company} | Affordable Cloud Solutions for African SMEs`);
    else if (entry.variant === 'events') expect(entry.title).not.toContain(site.company);
    else expect(entry.title).toMatch(new RegExp(`^.+ \\| ${site.company}$`));
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
    expect(pageCatalogue['/contact']).toMatchObject({
      title: 'Contact Us | Nyota Cloud',
      heading: 'Contact Us',
      description: pageMetaTable.pages['/contact']!.description,
    });
    expect(pageCatalogue['/events']).toMatchObject({ title: 'Upcoming Events', variant: 'events' });
    expect(pageCatalogue['/bare-metal-servers']!.badge).toBe('BARE METAL SERVERS');
    expect(pageCatalogue['/data-forge']!.badge).toBe('NYOTA BI');
    expect(pageCatalogue['/blog/:id']!.type).toBe('article');
    expect(pageCatalogue['/login']).toMatchObject({ title: 'Log In | Nyota Cloud', heading: 'Log In' });
  });
});

describe('catalogueEntry', () => {
  it('returns the entry of a catalogued route', () => {
    expect(catalogueEntry('/contact')).toBe(pageCatalogue['/contact']);
  });

  it('throws for a route with no entry', () => {
    expect(() => catalogueEntry('/no-such-page')).toThrow('No page catalogue entry for /no-such-page');
  });
});

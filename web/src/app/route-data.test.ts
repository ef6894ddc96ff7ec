// The API answers a page reads first, named in its served HTML for the
// browser to fetch with the document (the gateway reads route-data.json).
// A preload the page does not use is wasted bytes (and a post's view counted
// twice), so each address must be exactly the one the page asks for.
import { describe, expect, it } from 'vitest';
import { blogListParams, blogListPath } from '@/features/content/api/list-blog-posts';
import { eventListParams, eventListPath } from '@/features/content/api/list-events';
import { blogFacetsPath } from '@/features/content/api/get-blog-facets';
import { eventFacetsPath } from '@/features/content/api/get-event-facets';
import { blogPostPath } from '@/features/content/api/get-blog-post';
import { eventPath } from '@/features/content/api/get-event';
import { locales } from '@/i18n/locales';
import routeData from './route-data.json';
import routeTable from './routes.json';

describe('route-data.json', () => {
  it("names the first answers /blog and /events ask for, as they ask for them, in each language (:lang)", () => {
    for (const lang of locales) {
      const inLang = (paths: string[]) => paths.map((path) => path.replace(':lang', lang));
      expect(inLang(routeData['/blog'])).toEqual([blogListPath(blogListParams(1, 'All', '', lang)), blogFacetsPath]);
      expect(inLang(routeData['/events'])).toEqual([eventListPath(eventListParams(1, '', 'All', 'All', lang)), eventFacetsPath]);
    }
  });

  it("names a post's and an event's own answer, with the id in place of :id", () => {
    const id = '2f1c8a4e-7b3d-4c2a-9e51-0d6f3b8a1c27';
    expect(routeData['/blog/:id'].map((path) => path.replace(':id', id))).toEqual([blogPostPath(id)]);
    expect(routeData['/events/:id'].map((path) => path.replace(':id', id))).toEqual([eventPath(id)]);
  });

  it('lists only public routes and only API reads', () => {
    for (const [route, paths] of Object.entries(routeData)) {
      expect(routeTable.routes).toContain(route);
      for (const path of paths) expect(path).toMatch(/^\/api\//);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { blogFacets, post } from '@/test/content-fixtures';
import { blogImageDataQueryOptions, needsImageData } from './get-blog-image-data';
import { blogFacetsQueryOptions, summariseCategories } from './get-blog-facets';
import { blogListParams, blogListQueryOptions } from './list-blog-posts';

const minute = 60_000;

describe('blog query keys and freshness (spec §9)', () => {
  it('lists: keyed by domain and filters, fresh 5 minutes, kept 10', () => {
    const options = blogListQueryOptions(blogListParams(2, 'Security', '  edge  '));
    expect(options.queryKey).toEqual(['blog', { page: 2, category: 'Security', search: 'edge', lang: 'en' }]);
    expect(options.staleTime).toBe(5 * minute);
    expect(options.gcTime).toBe(10 * minute);
  });

  it('All and an empty search are left out', () => {
    expect(blogListParams(1, 'All', '   ')).toEqual({ page: 1, category: null, search: null, lang: 'en' });
    // The page's language is part of the key: its posts come first.
    expect(blogListParams(1, 'All', '', 'sw').lang).toBe('sw');
  });

  it('facets: fresh 30 minutes', () => {
    const options = blogFacetsQueryOptions();
    expect(options.queryKey).toEqual(['blog', 'facets']);
    expect(options.staleTime).toBe(30 * minute);
  });

  it('image data only when there is an image but no imageData', () => {
    expect(needsImageData({ image: '/images/a.png', imageData: null })).toBe(true);
    expect(needsImageData({ image: '/images/a.png', imageData: 'data:image/png;base64,AA==' })).toBe(false);
    expect(needsImageData({ image: null, imageData: null })).toBe(false);
    expect(blogImageDataQueryOptions('p1').queryKey).toEqual(['blog', 'image-data', 'p1']);
  });
});

describe('summariseCategories', () => {
  it('gives All then the server’s categories in its order, its counts and its popular posts', () => {
    const posts = [
      post({ category: 'News', uvm: 5, title: 'a' }),
      post({ category: 'Security', uvm: 50, title: 'b' }),
      post({ category: 'News', uvm: 7, title: 'c' }),
      post({ category: 'Tech', uvm: 1, title: 'd' }),
      post({ category: 'News', uvm: 100, title: 'e' }),
      post({ category: 'Security', uvm: 7, title: 'f' }),
      post({ category: 'Business', uvm: 0, title: 'g' }),
    ];
    const summary = summariseCategories(blogFacets(posts));
    expect(summary.categories).toEqual(['All', 'News', 'Security', 'Tech', 'Business']);
    expect(summary.counts).toEqual([
      { category: 'News', count: 3 },
      { category: 'Security', count: 2 },
      { category: 'Tech', count: 1 },
      { category: 'Business', count: 1 },
    ]);
    expect(summary.popular.map((p) => p.title)).toEqual(['e', 'b', 'c', 'f', 'a']);
  });
});

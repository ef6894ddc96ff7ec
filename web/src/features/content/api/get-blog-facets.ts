// GET /api/blog/facets — the category buttons, their counts and the Popular
// Articles of the sidebar, counted by the server: its answer stays small
// however many posts there are (the page never fetches every post).

// The blog area's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogFacets } from '@/api-types/BlogFacets';
import type { CategoryCount } from '@/api-types/CategoryCount';
import type { PopularPost } from '@/api-types/PopularPost';
import { freshness } from '@/config/site';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';

/** The texts in the page's language. */
export const blogCategoriesTexts = {
  get failed() {
    return t('blog.failure.categories');
  },
};

export const blogFacetsQueryKey = ['blog', 'facets'] as const;

/** Also preloaded by /blog's served HTML (`app/route-data.json`). */
export const blogFacetsPath = '/api/blog/facets';

export function getBlogFacets(signal?: AbortSignal): Promise<BlogFacets> {
  return apiRequest<BlogFacets>(blogFacetsPath, { signal, describe: () => blogCategoriesTexts.failed });
}

export interface BlogCategorySummary {
  /** All, then the categories in the order the newest-first list first shows them. */
  categories: string[];
  /** Posts per category (All excluded). */
  counts: CategoryCount[];
  /** The 5 most viewed posts, most views first (ties newest first). */
  popular: PopularPost[];
}

/** The category buttons (All first), the counts and Popular Articles. */
export function summariseCategories(facets: BlogFacets): BlogCategorySummary {
  return {
    categories: ['All', ...facets.categories.map(({ category }) => category)],
    counts: facets.categories,
    popular: facets.popular,
  };
}

export const blogFacetsQueryOptions = () =>
  queryOptions({
    queryKey: blogFacetsQueryKey,
    queryFn: ({ signal }) => getBlogFacets(signal),
    select: summariseCategories,
    ...freshness.filters,
  });

export function useBlogFacets() {
  return useQuery(blogFacetsQueryOptions());
}

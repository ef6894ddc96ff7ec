// GET /api/blog?limit=1000 — every post, read for the category buttons, the
// per-category counts and the Popular Articles of the sidebar.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogList } from '@/api-types/BlogList';
import type { BlogPostSummary } from '@/api-types/BlogPostSummary';
import { freshness, limits } from '@/config/site';
import { apiRequest } from '@/lib/api-client';

export const blogCategoriesTexts = {
  failed: 'Failed to fetch categories',
} as const;

export const blogCategoriesQueryKey = ['blog', 'categories'] as const;

export function listBlogCategorySource(signal?: AbortSignal): Promise<BlogList> {
  return apiRequest<BlogList>(`/api/blog?limit=${limits.filterSourceLimit}`, {
    signal,
    describe: () => blogCategoriesTexts.failed,
  });
}

export interface BlogCategorySummary {
  /** All, then the distinct categories in the order they first appear. */
  categories: string[];
  /** Posts per category (All excluded). */
  counts: { category: string; count: number }[];
  /** The most viewed posts, most views first (ties keep the list's order). */
  popular: BlogPostSummary[];
}

/** Category buttons, counts and Popular Articles from the limit=1000 answer. */
export function summariseCategories(posts: BlogPostSummary[]): BlogCategorySummary {
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
  const popular = posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => b.post.uvm - a.post.uvm || a.index - b.index)
    .slice(0, limits.popularArticles)
    .map(({ post }) => post);
  return {
    categories: ['All', ...counts.keys()],
    counts: [...counts].map(([category, count]) => ({ category, count })),
    popular,
  };
}

export const blogCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: blogCategoriesQueryKey,
    queryFn: ({ signal }) => listBlogCategorySource(signal),
    select: (list: BlogList) => summariseCategories(list.posts),
    ...freshness.filters,
  });

export function useBlogCategories() {
  return useQuery(blogCategoriesQueryOptions());
}

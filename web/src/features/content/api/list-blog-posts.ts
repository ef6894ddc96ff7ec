// GET /api/blog?page&limit&search&category&lang — one page of the blog list, the page language's posts first.

// The blog area's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogList } from '@/api-types/BlogList';
import { freshness, limits } from '@/config/site';
import { activeLocale, t } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { apiRequest } from '@/lib/api-client';

/** The texts in the page's language. */
export const blogTexts = {
  get listFailed() {
    return t('blog.failure.list');
  },
};

/** The list's filters: `category` null for All, `search` null when the trimmed text is empty; `lang` the page's language (its posts first). */
export interface BlogListParams {
  page: number;
  category: string | null;
  search: string | null;
  lang: Locale;
}

/** Builds the params from what the page holds: search trimmed and sent only when non-empty, All omitted. */
export function blogListParams(page: number, category: string, search: string, lang: Locale = activeLocale()): BlogListParams {
  const trimmed = search.trim();
  return { page, category: category === 'All' ? null : category, search: trimmed === '' ? null : trimmed, lang };
}

export const blogListQueryKey = (params: BlogListParams) => ['blog', params] as const;

/** The list's address; the first page's is also preloaded by /blog's served HTML (`app/route-data.json`). */
export function blogListPath(params: BlogListParams): string {
  const query = new URLSearchParams({ page: String(params.page), limit: String(limits.contentPageSize) });
  if (params.search) query.set('search', params.search);
  if (params.category) query.set('category', params.category);
  query.set('lang', params.lang);
  return `/api/blog?${query}`;
}

export function listBlogPosts(params: BlogListParams, signal?: AbortSignal): Promise<BlogList> {
  return apiRequest<BlogList>(blogListPath(params), { signal, describe: () => blogTexts.listFailed });
}

export const blogListQueryOptions = (params: BlogListParams) =>
  queryOptions({
    queryKey: blogListQueryKey(params),
    queryFn: ({ signal }) => listBlogPosts(params, signal),
    ...freshness.list,
  });

/** The page of posts; the previous page stays on screen while the next one loads. */
export function useBlogPosts(params: BlogListParams) {
  return useQuery({ ...blogListQueryOptions(params), placeholderData: keepPreviousData });
}

// GET /api/blog/{id} — one post (each read counts a view on the server).

// The blog post page's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blogPost';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@/api-types/BlogPost';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';

/** The texts in the page's language. */
export const blogPostTexts = {
  get failed() {
    return t('blogPost.failure');
  },
};

export const blogPostQueryKey = (id: string) => ['blog', 'post', id] as const;

/** Also preloaded by the post's served HTML (`app/route-data.json`). */
export const blogPostPath = (id: string) => `/api/blog/${encodeURIComponent(id)}`;

export function getBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiRequest<BlogPost>(blogPostPath(id), { signal, describe: () => blogPostTexts.failed });
}

/**
 * Read again on every visit (staleTime 0): the view count shown is current and
 * each visit is one view, as with the original page's fetch on mount.
 */
export const blogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: blogPostQueryKey(id),
    queryFn: ({ signal }) => getBlogPost(id, signal),
    staleTime: 0,
  });

export function useBlogPost(id: string) {
  return useQuery(blogPostQueryOptions(id));
}

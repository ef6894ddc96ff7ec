// POST /api/admin/blog/preview — the content rendered by the server's renderer, as the post's page will show it.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPreview } from '@/api-types/BlogPreview';
import type { ContentFormat } from '@/api-types/ContentFormat';
import { apiRequest } from '@/lib/api-client';

export const blogPreviewKey = (fullContent: string, contentFormat: ContentFormat) =>
  ['admin', 'blog', 'preview', { fullContent, contentFormat }] as const;

export function previewBlogPost(fullContent: string, contentFormat: ContentFormat, signal?: AbortSignal): Promise<BlogPreview> {
  return apiRequest<BlogPreview>('/api/admin/blog/preview', {
    method: 'POST',
    body: { fullContent, contentFormat },
    signal,
  });
}

export const blogPreviewOptions = (fullContent: string, contentFormat: ContentFormat) =>
  queryOptions({
    queryKey: blogPreviewKey(fullContent, contentFormat),
    queryFn: ({ signal }) => previewBlogPost(fullContent, contentFormat, signal),
    // The same text always renders the same: keep each answer while the editor is open.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

/**
 * The preview of `fullContent` (pass it debounced); the previous preview stays
 * on screen while the next one loads.
 */
export function useBlogPreview(fullContent: string, contentFormat: ContentFormat) {
  return useQuery({ ...blogPreviewOptions(fullContent, contentFormat), placeholderData: keepPreviousData });
}

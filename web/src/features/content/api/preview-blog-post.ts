// POST /api/admin/blog/preview — the content rendered by the server's renderer, as the post's page will show it,
// with the read time it would get in the post's language.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPreview } from '@/api-types/BlogPreview';
import type { ContentFormat } from '@/api-types/ContentFormat';
import type { Language } from '@/api-types/Language';
import { apiRequest } from '@/lib/api-client';

export const blogPreviewKey = (fullContent: string, contentFormat: ContentFormat, language: Language) =>
  ['admin', 'blog', 'preview', { fullContent, contentFormat, language }] as const;

export function previewBlogPost(
  fullContent: string,
  contentFormat: ContentFormat,
  language: Language,
  signal?: AbortSignal,
): Promise<BlogPreview> {
  return apiRequest<BlogPreview>('/api/admin/blog/preview', {
    method: 'POST',
    body: { fullContent, contentFormat, language },
    signal,
  });
}

export const blogPreviewOptions = (fullContent: string, contentFormat: ContentFormat, language: Language) =>
  queryOptions({
    queryKey: blogPreviewKey(fullContent, contentFormat, language),
    queryFn: ({ signal }) => previewBlogPost(fullContent, contentFormat, language, signal),
    // The same text always renders the same: keep each answer while the editor is open.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

/**
 * The preview of `fullContent` (pass it debounced) in the post's `language`;
 * the previous preview stays on screen while the next one loads.
 */
export function useBlogPreview(fullContent: string, contentFormat: ContentFormat, language: Language) {
  return useQuery({ ...blogPreviewOptions(fullContent, contentFormat, language), placeholderData: keepPreviousData });
}

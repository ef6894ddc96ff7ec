// GET /api/blog/{id}/image-data — the inline image of a post, asked for only
// when the post names an image but carries no imageData; a failure is ignored.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@/api-types/BlogPost';
import type { ImageData } from '@/api-types/ImageData';
import { freshness } from '@/config/site';
import { apiRequest } from '@/lib/api-client';

export const blogImageDataQueryKey = (id: string) => ['blog', 'image-data', id] as const;

export function getBlogImageData(id: string, signal?: AbortSignal): Promise<ImageData> {
  return apiRequest<ImageData>(`/api/blog/${encodeURIComponent(id)}/image-data`, { signal });
}

/** Spec §7: only when the post has image but no imageData. */
export function needsImageData(post: Pick<BlogPost, 'image' | 'imageData'> | undefined): boolean {
  return Boolean(post && post.image?.trim() && !post.imageData);
}

export const blogImageDataQueryOptions = (id: string) =>
  queryOptions({
    queryKey: blogImageDataQueryKey(id),
    queryFn: ({ signal }) => getBlogImageData(id, signal),
    ...freshness.list,
  });

export function useBlogImageData(post: BlogPost | undefined) {
  return useQuery({ ...blogImageDataQueryOptions(post?.id ?? ''), enabled: needsImageData(post) });
}

// GET /api/admin/blog?page=1&limit=1000&search — every post, drafts and scheduled ones too (up to 1000), for the admin tables.

import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminBlogList } from '@/api-types/AdminBlogList';
import type { BlogPost } from '@/api-types/BlogPost';
import { limits } from '@/config/site';
import { apiRequest } from '@/lib/api-client';
import { uploadsKey } from './list-uploads';

/** Every admin blog query (for invalidation). */
export const adminBlogKey = ['admin', 'blog'] as const;
export const adminBlogListKey = (search: string) => [...adminBlogKey, 'list', { search }] as const;

export const adminBlogTexts = {
  listFailed: 'Failed to load blog posts',
} as const;

export async function listAdminBlogPosts(search: string, signal?: AbortSignal): Promise<BlogPost[]> {
  const query = new URLSearchParams({ page: '1', limit: String(limits.adminListLimit) });
  const trimmed = search.trim();
  if (trimmed) query.set('search', trimmed);
  const list = await apiRequest<AdminBlogList>(`/api/admin/blog?${query}`, { signal });
  return list.posts;
}

export const adminBlogListOptions = (search: string) =>
  queryOptions({
    queryKey: adminBlogListKey(search.trim()),
    queryFn: ({ signal }) => listAdminBlogPosts(search, signal),
    // Another admin may have changed a post: read again whenever the table opens.
    staleTime: 0,
  });

/** The posts matching `search` (the server's full-text search); the previous rows stay while the next load. */
export function useAdminBlogPosts(search: string) {
  return useQuery({ ...adminBlogListOptions(search), placeholderData: keepPreviousData });
}

/** After a write: the admin tables, the uploads list and every public blog read (lists, categories, posts). */
export function invalidateBlogQueries(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminBlogKey }),
    // Which posts and events use an image is part of the uploads list.
    client.invalidateQueries({ queryKey: uploadsKey }),
    client.invalidateQueries({ queryKey: ['blog'] }),
  ]).then(() => undefined);
}

// PUT /api/admin/blog/{id} — replaces a post's fields (answers the post).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostInput } from '@/api-types/BlogPostInput';
import { apiRequest } from '@/lib/api-client';
import { invalidateBlogQueries } from './list-admin-blog-posts';

export interface UpdateBlogPost {
  id: string;
  input: BlogPostInput;
}

export function updateBlogPost({ id, input }: UpdateBlogPost): Promise<BlogPost> {
  return apiRequest<BlogPost>(`/api/admin/blog/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateBlogPost() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'blog', 'update'],
    mutationFn: updateBlogPost,
    onSuccess: () => invalidateBlogQueries(client),
  });
}

// POST /api/admin/blog — a new post (201 with the post).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostInput } from '@/api-types/BlogPostInput';
import { apiRequest } from '@/lib/api-client';
import { invalidateBlogQueries } from './list-admin-blog-posts';

export function createBlogPost(input: BlogPostInput): Promise<BlogPost> {
  return apiRequest<BlogPost>('/api/admin/blog', { method: 'POST', body: input });
}

export function useCreateBlogPost() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'blog', 'create'],
    mutationFn: createBlogPost,
    onSuccess: () => invalidateBlogQueries(client),
  });
}

// DELETE /api/admin/blog/{id} — 204.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateBlogQueries } from './list-admin-blog-posts';

export function deleteBlogPost(id: string): Promise<void> {
  return apiRequest<void>(`/api/admin/blog/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteBlogPost() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'blog', 'delete'],
    mutationFn: deleteBlogPost,
    onSuccess: () => invalidateBlogQueries(client),
  });
}

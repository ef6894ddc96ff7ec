// DELETE /api/admin/uploads/{id} — 204 (404 "Upload not found").

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { uploadsKey } from './list-uploads';

export function deleteUpload(id: string): Promise<void> {
  return apiRequest<void>(`/api/admin/uploads/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'uploads', 'delete'],
    mutationFn: deleteUpload,
    onSuccess: () => client.invalidateQueries({ queryKey: uploadsKey }),
  });
}

// GET /api/admin/uploads — every uploaded image, newest first, with where each is used.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Upload } from '@/api-types/Upload';
import type { UploadList } from '@/api-types/UploadList';
import { apiRequest } from '@/lib/api-client';

export const uploadsKey = ['admin', 'uploads'] as const;

export const uploadsTexts = {
  listFailed: 'Failed to load uploads',
} as const;

export async function listUploads(signal?: AbortSignal): Promise<Upload[]> {
  const list = await apiRequest<UploadList>('/api/admin/uploads', { signal });
  return list.uploads;
}

export const uploadsQueryOptions = () =>
  queryOptions({
    queryKey: uploadsKey,
    queryFn: ({ signal }) => listUploads(signal),
    staleTime: 0,
  });

export function useUploads() {
  return useQuery(uploadsQueryOptions());
}

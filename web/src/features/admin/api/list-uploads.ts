// GET /api/admin/uploads — every uploaded image, newest first, with where each is used.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * TEMPORARY, until the uploads contract is merged and generated into
 * web/src/api-types (Upload.ts, UploadUse.ts, UploadUseKind.ts, UploadList.ts):
 * then these four become imports from there.
 */
export type UploadUseKind = 'post' | 'event';
export type UploadUse = { kind: UploadUseKind; id: string; title: string };
export type Upload = {
  id: string;
  /** `/objects/{id}`. */
  url: string;
  filename: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  createdAt: string;
  usedBy: UploadUse[];
};
export type UploadList = { uploads: Upload[] };

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

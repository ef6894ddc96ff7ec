// GET /api/admin/audit — the audit log, newest first, a page at a time by
// cursor; GET /api/admin/audit/filters — the filters' choices; the same
// filters export as CSV from /api/admin/audit/export.csv (audited).

import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditFilters } from '@/api-types/AuditFilters';
import type { AuditPage } from '@/api-types/AuditPage';
import { apiRequest, requestHeaders, RequestError } from '@/lib/api-client';

/** The screen's filters as typed: blank means not filtered. */
export interface AuditQuery {
  actor: string;
  entity: string;
  action: string;
  /** A day, `YYYY-MM-DD`, read in EAT by the server. */
  from: string;
  to: string;
  q: string;
}

export const emptyAuditQuery: AuditQuery = { actor: '', entity: '', action: '', from: '', to: '', q: '' };

/** Entries per page on the screen. */
export const AUDIT_PAGE_SIZE = 50;

export const auditKey = ['audit'] as const;

/** The filters sent, blanks left out. */
export function auditParams(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const trimmed = value.trim();
    if (trimmed) params.set(key, trimmed);
  }
  return params;
}

export function getAuditPage(query: AuditQuery, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const params = auditParams(query);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiRequest<AuditPage>(`/api/admin/audit?${params.toString()}`, { signal });
}

export const auditPagesQueryOptions = (query: AuditQuery) =>
  infiniteQueryOptions({
    queryKey: [...auditKey, 'pages', query],
    queryFn: ({ pageParam, signal }) => getAuditPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // New entries arrive all the time: read again on every visit.
    staleTime: 0,
  });

export function useAuditPages(query: AuditQuery) {
  return useInfiniteQuery(auditPagesQueryOptions(query));
}

export const auditFiltersQueryOptions = () =>
  queryOptions({
    queryKey: [...auditKey, 'filters'],
    queryFn: ({ signal }) => apiRequest<AuditFilters>('/api/admin/audit/filters', { signal }),
  });

export function useAuditFilters() {
  return useQuery(auditFiltersQueryOptions());
}

/** Where the CSV of the filtered entries comes from. */
export function auditCsvHref(query: AuditQuery): string {
  const params = auditParams(query).toString();
  return params ? `/api/admin/audit/export.csv?${params}` : '/api/admin/audit/export.csv';
}

/**
 * Downloads the CSV as a file: read whole (at most 100,000 rows), so a
 * refusal (too many rows, a bad date) is shown in the server's words rather
 * than saved as a file.
 */
export async function downloadAuditCsv(query: AuditQuery): Promise<void> {
  const response = await fetch(auditCsvHref(query), {
    credentials: 'include',
    cache: 'no-store',
    headers: { ...requestHeaders(false), Accept: 'text/csv' },
  });
  if (!response.ok) {
    let message = `The export failed (${response.status}).`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new RequestError({ kind: 'http', status: response.status, statusText: response.statusText, body: null }, message);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'audit.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useAuditExport() {
  return useMutation({ mutationFn: downloadAuditCsv });
}

// GET /api/user — the session user, shared by the header, dashboard, guards and auth pages.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, RequestError } from '@/lib/api-client';
import type { User } from '@/lib/api-types';

export const userQueryKey = ['auth', 'user'] as const;

/** The signed-in user, or null when signed out (401). */
export async function getUser(): Promise<User | null> {
  try {
    return await apiRequest<User>('/api/user');
  } catch (error) {
    if (error instanceof RequestError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}

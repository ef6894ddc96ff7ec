// GET /api/site-settings, fresh from the server for the settings form (the
// pages' copy may be as old as the page).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSiteSettings } from '@/lib/site-settings';

export const adminSiteSettingsKey = ['site-settings', 'admin'] as const;

export const adminSiteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminSiteSettingsKey,
    queryFn: getSiteSettings,
    staleTime: 0,
  });

export function useAdminSiteSettings() {
  return useQuery(adminSiteSettingsQueryOptions());
}

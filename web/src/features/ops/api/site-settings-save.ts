// PUT /api/admin/site-settings: saves every setting at once.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '@/api-types/SiteSettings';
import { apiRequest } from '@/lib/api-client';
import { parseSiteSettings, showSavedSiteSettings } from '@/lib/site-settings';
import { adminSiteSettingsKey } from './site-settings';

export async function saveSiteSettings(settings: SiteSettings): Promise<SiteSettings> {
  const saved = await apiRequest<unknown>('/api/admin/site-settings', { method: 'PUT', body: settings });
  return parseSiteSettings(saved);
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminSiteSettingsKey, 'save'],
    mutationFn: saveSiteSettings,
    // The saved settings, as the server cleaned them, are what this tab's
    // pages show from now on too.
    onSuccess: (saved) => {
      showSavedSiteSettings(saved);
      queryClient.setQueryData(adminSiteSettingsKey, saved);
    },
  });
}

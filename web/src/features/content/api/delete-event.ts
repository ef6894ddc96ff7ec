// DELETE /api/admin/events/{id} — 204.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateEventQueries } from './list-admin-events';

export function deleteEvent(id: string): Promise<void> {
  return apiRequest<void>(`/api/admin/events/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'events', 'delete'],
    mutationFn: deleteEvent,
    onSuccess: () => invalidateEventQueries(client),
  });
}

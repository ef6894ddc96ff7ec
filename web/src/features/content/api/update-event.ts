// PUT /api/admin/events/{id} — replaces an event's fields (answers the event).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '@/api-types/Event';
import type { EventInput } from '@/api-types/EventInput';
import { apiRequest } from '@/lib/api-client';
import { invalidateEventQueries } from './list-admin-events';

export interface UpdateEvent {
  id: string;
  input: EventInput;
}

export function updateEvent({ id, input }: UpdateEvent): Promise<Event> {
  return apiRequest<Event>(`/api/admin/events/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'events', 'update'],
    mutationFn: updateEvent,
    onSuccess: () => invalidateEventQueries(client),
  });
}

// POST /api/admin/events — a new event (201 with the event).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '@/api-types/Event';
import type { EventInput } from '@/api-types/EventInput';
import { apiRequest } from '@/lib/api-client';
import { invalidateEventQueries } from './list-admin-events';

export function createEvent(input: EventInput): Promise<Event> {
  return apiRequest<Event>('/api/admin/events', { method: 'POST', body: input });
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'events', 'create'],
    mutationFn: createEvent,
    onSuccess: () => invalidateEventQueries(client),
  });
}

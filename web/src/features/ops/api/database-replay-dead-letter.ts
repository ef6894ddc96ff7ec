// POST /api/admin/dead-letters/{id}/replay — republishes one dead letter.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { databaseKey } from './database-overview';

export function replayDeadLetter(id: string): Promise<void> {
  return apiRequest<void>(`/api/admin/dead-letters/${encodeURIComponent(id)}/replay`, { method: 'POST' });
}

export function useReplayDeadLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...databaseKey, 'replay'],
    mutationFn: replayDeadLetter,
    // Also after a failure: the letter may have been handled by someone else.
    onSettled: () => queryClient.invalidateQueries({ queryKey: databaseKey }),
  });
}

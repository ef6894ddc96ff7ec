// POST /api/admin/dead-letters/{id}/discard — sets one dead letter aside for good.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { databaseKey } from './database-overview';

export function discardDeadLetter(id: string): Promise<void> {
  return apiRequest<void>(`/api/admin/dead-letters/${encodeURIComponent(id)}/discard`, { method: 'POST' });
}

export function useDiscardDeadLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...databaseKey, 'discard'],
    mutationFn: discardDeadLetter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: databaseKey }),
  });
}

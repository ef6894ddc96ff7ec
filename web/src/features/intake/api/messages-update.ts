// PATCH /api/admin/messages/{id} — mark a request new or handled, assign it to me.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactRequest } from '@/api-types/ContactRequest';
import type { ContactRequestPatch } from '@/api-types/ContactRequestPatch';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { messageListsKey } from './messages-list';
import { overviewQueryKey } from '@/lib/api/admin-overview';

export function updateMessage({ id, patch }: { id: string; patch: ContactRequestPatch }): Promise<ContactRequest> {
  return apiRequest<ContactRequest>(`/api/admin/messages/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'messages', 'update'],
    mutationFn: updateMessage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageListsKey }),
        queryClient.invalidateQueries({ queryKey: overviewQueryKey }),
      ]),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
}

// POST /api/agent/chats/state — one state for several chats (a bulk action), answered per chat.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkStateBody } from '@/api-types/BulkStateBody';
import type { BulkStateResult } from '@/api-types/BulkStateResult';
import { apiRequest } from '@/lib/api-client';
import { toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { stateCountsKey } from './get-state-counts';
import { agentChatListsKey } from './list-agent-chats';

export function setChatStates(body: BulkStateBody): Promise<BulkStateResult[]> {
  return apiRequest<BulkStateResult[]>('/api/agent/chats/state', { method: 'POST', body });
}

export function useSetChatStates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'bulk-state'],
    mutationFn: setChatStates,
    onSuccess: async (results) => {
      const refused = results.filter((result) => !result.changed);
      if (refused.length > 0) {
        toast({
          title: `${refused.length} of ${results.length} chats not changed`,
          description: [...new Set(refused.map((result) => result.message ?? ''))].join(' '),
          variant: 'destructive',
        });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentChatListsKey }),
        queryClient.invalidateQueries({ queryKey: stateCountsKey }),
      ]);
    },
    onError: (error) => toast({ title: toastTitles.chatError, description: error.message, variant: 'destructive' }),
  });
}

// GET /api/agent/chats/{id}/email: whether the visitor is on the page, or
// whether and when the next reply goes to them by email (and what stops it),
// with the email replies held for an agent. POST
// /api/agent/held-replies/{id}/post | discard: an agent's decision on one.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatEmailState } from '@/api-types/ChatEmailState';
import { apiRequest } from '@/lib/api-client';
import { toastTitles } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';

export const chatEmailKey = (sessionId: string) => ['admin', 'chats', 'email', sessionId] as const;

/** How often the state is read again while shown: the visitor comes and goes. */
const REFRESH_MS = 30_000;

export function getChatEmailState(sessionId: string, signal?: AbortSignal): Promise<ChatEmailState> {
  return apiRequest<ChatEmailState>(`/api/agent/chats/${encodeURIComponent(sessionId)}/email`, { signal });
}

export function useChatEmailState(sessionId: string) {
  return useQuery({
    queryKey: chatEmailKey(sessionId),
    queryFn: ({ signal }) => getChatEmailState(sessionId, signal),
    refetchInterval: REFRESH_MS,
  });
}

export type HeldDecision = 'post' | 'discard';

export function decideHeldReply(heldId: string, decision: HeldDecision): Promise<void> {
  return apiRequest<void>(
    `/api/agent/held-replies/${encodeURIComponent(heldId)}/${decision}`,
    { method: 'POST' },
  );
}

export function useDecideHeldReply(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'chats', 'held', sessionId],
    mutationFn: ({ heldId, decision }: { heldId: string; decision: HeldDecision }) =>
      decideHeldReply(heldId, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatEmailKey(sessionId) }),
    onError: (error) => toast({ title: toastTitles.chatError, description: error.message, variant: 'destructive' }),
  });
}

// GET/POST /api/chat/sessions/{id}/rating — the visitor's rating of a resolved chat.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatRating } from '@/api-types/ChatRating';
import { apiRequest } from '@/lib/api-client';

export const chatRatingKey = (sessionId: string) => ['chat', sessionId, 'rating'] as const;

const ratingPath = (sessionId: string) => `/api/chat/sessions/${encodeURIComponent(sessionId)}/rating`;

export function useChatRating(sessionId: string) {
  return useQuery({
    queryKey: chatRatingKey(sessionId),
    queryFn: ({ signal }) => apiRequest<ChatRating | null>(ratingPath(sessionId), { signal }),
  });
}

export function useRateChat(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...chatRatingKey(sessionId), 'rate'],
    mutationFn: (rating: ChatRating) => apiRequest<ChatRating>(ratingPath(sessionId), { method: 'POST', body: rating }),
    onSuccess: (rating) => queryClient.setQueryData(chatRatingKey(sessionId), rating),
  });
}

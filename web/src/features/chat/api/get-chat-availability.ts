// GET /api/chat/availability — whether an agent answers chats now, for the
// start form (an open chat carries its own status line instead).

import { useQuery } from '@tanstack/react-query';
import type { ChatAvailability } from '@/api-types/ChatAvailability';
import { apiRequest } from '@/lib/api-client';

export function useChatAvailability() {
  return useQuery({
    queryKey: ['chat', 'availability'],
    queryFn: ({ signal }) => apiRequest<ChatAvailability>('/api/chat/availability', { signal }),
    staleTime: 30_000,
  });
}

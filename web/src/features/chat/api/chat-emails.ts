// POST /api/chat/emails/unsubscribe | resubscribe?token=: the buttons of
// /chat-emails act on the token of a reply email's "stop" link. Opening the
// link only leads to the page (a mail scanner that follows it changes
// nothing); the server answers 200 with the address and whether it still
// gets these emails, or 400 when the link is not valid.

import { useMutation } from '@tanstack/react-query';
import type { ChatEmails } from '@/api-types/ChatEmails';
import { apiRequest } from '@/lib/api-client';

export type ChatEmailsChange = 'unsubscribe' | 'resubscribe';

export function changeChatEmails(change: ChatEmailsChange, token: string): Promise<ChatEmails> {
  return apiRequest<ChatEmails>(`/api/chat/emails/${change}?token=${encodeURIComponent(token)}`, { method: 'POST' });
}

export function useChatEmailsChange() {
  return useMutation({
    mutationKey: ['chat', 'emails'],
    mutationFn: ({ change, token }: { change: ChatEmailsChange; token: string }) => changeChatEmails(change, token),
  });
}

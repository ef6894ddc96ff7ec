// POST /api/chat/sessions/{id}/messages — the visitor writes as `user`; an agent
// posting here is recorded as `agent` (and takes an unassigned chat). Sent by
// the outbox (lib/outbox.ts), which resends until the message is stored.

import type { ChatMessage } from '@/api-types/ChatMessage';
import { apiRequest } from '@/lib/api-client';

export interface SendChatMessageInput {
  sessionId: string;
  message: string;
  /** The same on a retry of this message, which is then stored once. */
  clientMessageId?: string;
  /** An attachment uploaded to this chat (upload-attachment.ts) that the message carries. */
  attachmentId?: string;
  /** This message may have been stored already (an earlier try got no answer). */
  resend?: boolean;
  /** Gives the request up (the outbox sends it on the socket instead). */
  signal?: AbortSignal;
}

export function sendChatMessage({ sessionId, message, clientMessageId, attachmentId, resend, signal }: SendChatMessageInput): Promise<ChatMessage> {
  return apiRequest<ChatMessage>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, {
    method: 'POST',
    // `resend` only when true: a first try carries no more bytes than before.
    body: { message, clientMessageId, attachmentId, ...(resend ? { resend } : {}) },
    signal,
  });
}

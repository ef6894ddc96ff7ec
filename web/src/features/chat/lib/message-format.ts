// Formatting and rules shared by the visitor widget and the agent console.

import { chatLimits } from '@/api-types/input-limits';
import { formatDate } from '@/i18n/i18n';

/** Message time, hour:minute in the page's language: "3:05 PM" in English (spec §2), "15:05" in French. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, { hour: 'numeric', minute: '2-digit' });
}

/** Messages are trimmed, non-empty and at most this long (the server's limit). */
export const maxMessageLength = chatLimits.messageChars;

/**
 * The send button works only with a non-blank message (spec §5). It never
 * waits on the network: sending puts the message in the outbox at once
 * (docs/DECISIONS.md, "An outbox on both sides").
 */
export function canSendMessage(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= maxMessageLength;
}

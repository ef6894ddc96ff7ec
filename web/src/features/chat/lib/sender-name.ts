// Whose name a chat message is shown under, in the widget and the console.

import type { ChatMessage } from '@/api-types/ChatMessage';

/** Agent messages stored before names were, and any agent message without one. */
export const fallbackAgentName = 'Support';

/**
 * The agent's display name on an agent message (what the gateway stored
 * with it), else `fallback` (the viewer's label for that side).
 */
export function messageSenderName(message: Pick<ChatMessage, 'senderType' | 'senderName'>, fallback: string): string {
  const name = message.senderType === 'agent' ? message.senderName?.trim() : undefined;
  return name ? name : fallback;
}

// Live chat's business hours (a site setting, in East Africa Time: UTC+3 all
// year, Africa/Nairobi has no daylight saving). Outside them the widget says
// when the team is back and that the reply will come by email.

import type { ChatHours } from '@/api-types/ChatHours';
import type { ChatMessage } from '@/api-types/ChatMessage';

const eatOffsetMs = 3 * 60 * 60 * 1000;
const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** `null` while the team answers chats, else what the visitor is told. */
export function chatHoursNotice(now: Date, hours: ChatHours): string | null {
  // The wall clock in Nairobi, read through UTC getters.
  const eat = new Date(now.getTime() + eatOffsetMs);
  const today = ((eat.getUTCDay() + 6) % 7) + 1; // ISO: 1 = Monday
  const minute = eat.getUTCHours() * 60 + eat.getUTCMinutes();
  // Closing at 00:00 is midnight at the end of the day (00:00–00:00: all day).
  const [opens, closes] = [minutesOf(hours.opens), minutesOf(hours.closes) || 24 * 60];
  if (hours.days.includes(today) && minute >= opens && minute < closes) return null;
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = ((today - 1 + ahead) % 7) + 1;
    if (!hours.days.includes(day) || (ahead === 0 && minute >= opens)) continue;
    const when = ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : `on ${dayNames[day - 1]}`;
    return `Our team is away right now and back ${when} at ${hours.opens} EAT. Leave a message and we will reply by email.`;
  }
  return 'Our team is away right now. Leave a message and we will reply by email.';
}

/**
 * Whether an agent has joined or answered the chat, so the away notice no
 * longer applies. The visitor's side of the wire carries no assignment:
 * `ChatSession` has no agent field, and its `queuePosition` is also null on a
 * freshly started chat, so the join shows only as the gateway's system notice
 * "<agent> joined the chat" (gateway/src/chat/assignment.rs, `joined_notice`).
 */
export function agentHasJoined(messages: readonly ChatMessage[]): boolean {
  return messages.some(
    (m) => m.senderType === 'agent' || (m.senderType === 'system' && m.message.endsWith(' joined the chat')),
  );
}

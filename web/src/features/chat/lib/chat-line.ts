// The widget's one status line: the server's `ChatLine` (one reading of who
// is online, the queue, the assignment and the chat's state, email included)
// in words. The hours only say when the team is back.

import type { ChatHours } from '@/api-types/ChatHours';
import type { ChatLine } from '@/api-types/ChatLine';
import { chatHoursReturn } from './chat-hours';

/** What the visitor is told now; `null` once the chat is resolved (its footer says so). */
export function chatLineText(line: ChatLine, now: Date, hours: ChatHours, visitorEmail: string): string | null {
  switch (line.kind) {
    case 'connected':
      return `You're connected to ${line.agentName}.`;
    case 'joining':
      return `${line.agentName} will be with you shortly.`;
    case 'queued':
      return line.waitMinutes === null
        ? `You are number ${line.position} in the queue. An agent will join as soon as one is free.`
        : `You are number ${line.position} in the queue, about ${minutes(line.waitMinutes)}.`;
    case 'away':
      return awayText(now, hours, line.replyByEmail ? `We will reply by email to ${visitorEmail}.` : null);
    case 'resolved':
      return null;
  }
}

/**
 * Before a chat starts, with no agent online: the same words, the reply
 * going to the address about to be given (by email only when it is sent).
 */
export function awayBeforeStart(now: Date, hours: ChatHours, replyByEmail: boolean): string {
  return awayText(now, hours, replyByEmail ? 'Leave a message and we will reply by email.' : null);
}

function awayText(now: Date, hours: ChatHours, byEmail: string | null): string {
  const back = chatHoursReturn(now, hours);
  const away = back ? `Our team is away right now and back ${back}.` : 'Our team is away right now.';
  return `${away} ${byEmail ?? 'Leave a message and we will reply here.'}`;
}

function minutes(count: number): string {
  return count === 1 ? '1 minute' : `${count} minutes`;
}

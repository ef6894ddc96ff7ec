// A chat's state in the console: names, the snooze's end in words (East
// Africa Time, as the business hours), and a picked time as the server takes it.

import type { ChatState } from '@/api-types/ChatState';
import type { SnoozePreset } from '@/api-types/SnoozePreset';

const eatOffsetMs = 3 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export const stateNames: Record<ChatState, string> = {
  open: 'Open',
  pending: 'Pending',
  snoozed: 'Snoozed',
  resolved: 'Resolved',
};

export const snoozePresets: Array<{ value: SnoozePreset; label: string }> = [
  { value: 'in_one_hour', label: 'In 1 hour' },
  { value: 'tomorrow_opening', label: 'Tomorrow at opening' },
  { value: 'next_week', label: 'Next week' },
];

/** `at` as the Nairobi wall clock, read through UTC getters. */
function eat(at: number): Date {
  return new Date(at + eatOffsetMs);
}

function hhmm(date: Date): string {
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * When a snooze ends, in EAT: "14:30" today, "tomorrow 08:00", "Mon 08:00"
 * within a week, else "2 Feb 08:00".
 */
export function snoozeEndText(until: string, now: number): string {
  const end = eat(Date.parse(until));
  const today = Math.floor(eat(now).getTime() / dayMs);
  const day = Math.floor(end.getTime() / dayMs);
  const time = hhmm(end);
  if (day === today) return `${time} EAT`;
  if (day === today + 1) return `tomorrow ${time} EAT`;
  if (day > today && day < today + 7) return `${weekdays[end.getUTCDay()]} ${time} EAT`;
  const month = end.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${end.getUTCDate()} ${month} ${time} EAT`;
}

/** "Snoozed until tomorrow 08:00 EAT", "Pending", "Open, awaiting reply"… */
export function stateText(chat: { state: ChatState; snoozedUntil: string | null; awaitingReply: boolean }, now: number): string {
  if (chat.state === 'snoozed' && chat.snoozedUntil) return `Snoozed until ${snoozeEndText(chat.snoozedUntil, now)}`;
  if (chat.state === 'open' && chat.awaitingReply) return 'Open, awaiting reply';
  return stateNames[chat.state];
}

/**
 * A `datetime-local` value ("2027-01-25T08:00"), read as EAT, as the ISO time
 * the server takes; `null` when it is not one.
 */
export function eatInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const at = Date.UTC(y, m - 1, d, h, min) - eatOffsetMs;
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** `at` as a `datetime-local` value in EAT (the picker's starting point). */
export function isoToEatInput(at: number): string {
  const date = eat(at);
  return `${date.toISOString().slice(0, 10)}T${hhmm(date)}`;
}

// The analytics page's date range: days as YYYY-MM-DD in Nairobi (the
// server counts Nairobi days), at most 366 days, as the server checks.

import type { DayRange } from '../api/analytics-report';
import { analyticsMaxRangeDays } from '@/api-types/input-limits';

export type { DayRange };

export const maxRangeDays = analyticsMaxRangeDays;

export const rangePresets = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 365 days' },
] as const;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD day, or null when it is no calendar day. */
function dayNumber(day: string): number | null {
  const match = dayPattern.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? time : null;
}

function dayText(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Today in Nairobi, as YYYY-MM-DD. */
export function nairobiToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  const time = dayNumber(day);
  return time === null ? day : dayText(time + days * dayMs);
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: string): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** Whether `range` is the preset of the last `days` days up to `today` (its button shows as pressed). */
export function isPreset(range: DayRange, days: number, today: string): boolean {
  const preset = lastDays(days, today);
  return range.from === preset.from && range.to === preset.to;
}

/** Days in the range, both ends included (0 when it is not a range). */
export function rangeLength({ from, to }: DayRange): number {
  const start = dayNumber(from);
  const end = dayNumber(to);
  return start === null || end === null || end < start ? 0 : Math.round((end - start) / dayMs) + 1;
}

/** What is wrong with a range, in words, or null when the server will take it. */
export function rangeProblem(range: DayRange): string | null {
  if (dayNumber(range.from) === null) return 'Choose a start date';
  if (dayNumber(range.to) === null) return 'Choose an end date';
  if (range.from > range.to) return 'The start date must be on or before the end date';
  if (rangeLength(range) > maxRangeDays) return `The range must be at most ${maxRangeDays} days`;
  return null;
}

/** A day as the charts label it: "Mar 1". */
export function shortDay(day: string): string {
  const time = dayNumber(day);
  if (time === null) return day;
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(time);
}

/** A duration as people say it: "45 s", "1 min 30 s", "2 h 5 min". */
export function duration(seconds: number | null): string {
  if (seconds === null) return 'No answered chats';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) {
    const minutes = Math.floor(whole / 60);
    const rest = whole % 60;
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const hours = Math.floor(whole / 3600);
  const minutes = Math.round((whole % 3600) / 60);
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

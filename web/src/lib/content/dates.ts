// Dates of posts and events, long, in the page's language ("November 23, 2026";
// "23 novembre 2026" in French, "23 Novemba 2026" in Kiswahili).

import { formatDate } from '@/i18n/i18n';

/** An RFC 3339 instant as its Nairobi calendar day, e.g. "November 23, 2026"; the input itself when unreadable. */
export function formatLongDate(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime())
    ? instant
    : formatDate(date, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Africa/Nairobi' });
}

/** A calendar day "YYYY-MM-DD" as "November 23, 2026" (no time zone shift); the input itself when unreadable. */
export function formatCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime())
    ? day
    : formatDate(date, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

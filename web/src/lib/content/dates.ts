// Dates of posts and events in the long US format ("November 23, 2026").

const longUs = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Africa/Nairobi',
});

/** An RFC 3339 instant as its Nairobi calendar day, e.g. "November 23, 2026"; the input itself when unreadable. */
export function formatLongDate(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : longUs.format(date);
}

const longUsCalendar = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day "YYYY-MM-DD" as "November 23, 2026" (no time zone shift); the input itself when unreadable. */
export function formatCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : longUsCalendar.format(date);
}


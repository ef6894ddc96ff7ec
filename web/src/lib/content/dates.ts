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

const eatDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Nairobi',
});

const eatClock = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Nairobi',
});

/** An instant as the admin reads times everywhere: "Nov 28, 15:35 EAT". */
export function formatEatDateTime(instant: string | number): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : `${eatDateTime.format(date)} EAT`;
}

/** An instant as a clock time with seconds: "15:35:17 EAT". */
export function formatEatClock(instant: string | number): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : `${eatClock.format(date)} EAT`;
}

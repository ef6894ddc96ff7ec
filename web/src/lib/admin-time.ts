// Times as the admin reads them, in EAT and saying so. A module of its own:
// the admin's chunks import it, and the public pages' dates stay out of them.

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

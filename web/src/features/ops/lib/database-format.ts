/** A byte count as people read it: "812 B", "16.0 kB", "1.2 MB". */
export function bytes(value: number): string {
  if (value < 1000) return `${value} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let scaled = value;
  let unit = -1;
  while (scaled >= 1000 && unit < units.length - 1) {
    scaled /= 1000;
    unit += 1;
  }
  return `${scaled.toFixed(1)} ${units[unit]}`;
}

const eatWhen = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'Africa/Nairobi',
});

/** An instant in EAT, as every admin time is, e.g. "Nov 25, 2026, 09:14 EAT". */
export function when(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return `${eatWhen.format(date)} EAT`;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A table's rows: a count as it is ("1,234"), an estimate labelled as one
 * and rounded to what it is worth ("≈ 1.2 M, estimated"). */
export function tableRows(rows: number, estimated: boolean): string {
  if (!estimated) return rows.toLocaleString('en-US');
  // "1.2M" → "1.2 M": the unit apart, as in "16.0 kB".
  return `≈ ${compact.format(rows).replace(/(\d)([KMBT])$/, '$1 $2')}, estimated`;
}

/** How long a message has waited: "12 s", "4 min", "2 h 5 min", "3 d 4 h";
 * "—" when nothing waits. */
export function waited(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

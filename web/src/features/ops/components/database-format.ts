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

/** An instant in the viewer's own time zone, e.g. "Nov 25, 2026, 09:14". */
export function when(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', hour12: false }).format(date);
}

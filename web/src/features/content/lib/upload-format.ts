// How the uploads screen writes sizes and dimensions.

const units = [
  { unit: 'kilobyte', size: 1_000 },
  { unit: 'megabyte', size: 1_000_000 },
  { unit: 'gigabyte', size: 1_000_000_000 },
] as const;

/** A byte count in the largest fitting decimal unit, at most one decimal: "512 B", "48.3 kB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  const fit = [...units].reverse().find((u) => bytes >= u.size);
  if (!fit) return `${bytes.toLocaleString('en-US')} B`;
  return new Intl.NumberFormat('en-US', {
    style: 'unit',
    unit: fit.unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / fit.size);
}

/** Width and height in pixels: "1200 × 630". */
export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}

// Rows of cards that stay centred whatever their count and leave no card
// alone on a row where another row size avoids it: a flex row that wraps,
// each child as wide as its share of a row (gap-6 between them).

/** Cards per row: all of them when they fit, else the largest size up to `max` that fills every row, else one that leaves at least two on the last row, else `max` (the last row is centred). */
export function rowSize(count: number, max: number): number {
  if (count <= max) return Math.max(count, 1);
  for (let size = max; size >= 2; size--) if (count % size === 0) return size;
  for (let size = max; size >= 2; size--) if (count % size !== 1) return size;
  return max;
}

// Written out whole so Tailwind finds every class in the source.
const base: Record<number, string> = {
  1: '*:basis-full',
  2: '*:basis-[calc((100%-1.5rem)/2)]',
  3: '*:basis-[calc((100%-3rem)/3)]',
  4: '*:basis-[calc((100%-4.5rem)/4)]',
};
const sm: Record<number, string> = {
  1: 'sm:*:basis-full',
  2: 'sm:*:basis-[calc((100%-1.5rem)/2)]',
  3: 'sm:*:basis-[calc((100%-3rem)/3)]',
  4: 'sm:*:basis-[calc((100%-4.5rem)/4)]',
};
const md: Record<number, string> = {
  1: 'md:*:basis-full',
  2: 'md:*:basis-[calc((100%-1.5rem)/2)]',
  3: 'md:*:basis-[calc((100%-3rem)/3)]',
  4: 'md:*:basis-[calc((100%-4.5rem)/4)]',
};
const lg: Record<number, string> = {
  1: 'lg:*:basis-full',
  2: 'lg:*:basis-[calc((100%-1.5rem)/2)]',
  3: 'lg:*:basis-[calc((100%-3rem)/3)]',
  4: 'lg:*:basis-[calc((100%-4.5rem)/4)]',
};

/** Most cards per row from each width up (`base` is phones), each at most 4. */
export interface RowMax {
  base?: number;
  sm?: number;
  md?: number;
  lg?: number;
}

/** The classes of a list of `count` cards: `<ul className={rowClasses(items.length, { sm: 2, lg: 3 })}>`. */
export function rowClasses(count: number, max: RowMax): string {
  const classes = ['flex flex-wrap justify-center gap-6 *:min-w-0 *:shrink-0 *:grow-0', base[rowSize(count, max.base ?? 1)]];
  if (max.sm) classes.push(sm[rowSize(count, max.sm)]!);
  if (max.md) classes.push(md[rowSize(count, max.md)]!);
  if (max.lg) classes.push(lg[rowSize(count, max.lg)]!);
  return classes.join(' ');
}

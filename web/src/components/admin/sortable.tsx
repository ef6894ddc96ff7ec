import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';

export type SortDirection = 'ascending' | 'descending';

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

type Comparable = string | number;

/** Rows sorted by one column; pressing a column's header sorts by it, pressing it again reverses. */
export function useSorted<Row, Key extends string>(
  rows: Row[],
  valueOf: Record<Key, (row: Row) => Comparable>,
  initial: SortState<Key>,
) {
  const [sort, setSort] = useState(initial);
  const sorted = useMemo(() => {
    const read = valueOf[sort.key];
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const [x, y] = [read(a), read(b)];
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order * factor;
    });
  }, [rows, valueOf, sort]);
  const sortBy = (key: Key) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === initial.key ? initial.direction : 'ascending' },
    );
  return { sorted, sort, sortBy };
}

/** A column header that sorts the table: a button inside a th carrying aria-sort. */
export function SortHeader<Key extends string>({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: Key;
  sort: SortState<Key>;
  onSort: (key: Key) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined} className={className}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 font-semibold hover:underline"
      >
        {label}
        <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      </button>
    </th>
  );
}

import { rowClasses } from '@/lib/rows';

/** One figure of a StatsRow, e.g. { value: '99.9%', label: 'Uptime SLA' }. */
export interface Stat {
  value: string;
  label: string;
}

/**
 * A row of headline figures as a description list: the value large, its
 * label under it, both at the top of their card. The row is centred whatever
 * the count (two a row on phones when even, else one; up to four from md).
 */
export function StatsRow({ items }: { items: readonly Stat[] }) {
  return (
    <dl className={`${rowClasses(items.length, { base: items.length % 2 === 0 ? 2 : 1, md: 4 })} text-center`}>
      {items.map((item) => (
        <div
          key={item.label}
          className="flex flex-col-reverse justify-end rounded-xl border border-gray-200 bg-white p-5 break-words dark:border-gray-700 dark:bg-gray-800"
        >
          <dt className="mt-1 text-sm text-gray-700 dark:text-gray-300">{item.label}</dt>
          <dd className="text-3xl font-bold text-brand-dark dark:text-brand-light">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

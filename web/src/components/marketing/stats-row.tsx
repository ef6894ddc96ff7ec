/** One figure of a StatsRow, e.g. { value: '99.9%', label: 'Uptime SLA' }. */
export interface Stat {
  value: string;
  label: string;
}

/** A row of headline figures as a description list: the value large, its label under it. */
export function StatsRow({ items }: { items: readonly Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4">
      {items.map((item) => (
        <div
          key={item.label}
          className="flex flex-col-reverse rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-700 dark:bg-gray-800"
        >
          <dt className="mt-1 text-sm text-gray-700 dark:text-gray-300">{item.label}</dt>
          <dd className="text-3xl font-bold text-brand-dark dark:text-brand-light">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

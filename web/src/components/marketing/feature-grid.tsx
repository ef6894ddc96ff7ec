import { Children, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { rowClasses } from '@/lib/rows';

/**
 * Rows of FeatureCards (1 a row on phones, 2 from sm, up to `columns` on wide
 * screens), centred whatever their count and with no card alone on a row
 * where another row size avoids it (see `rowSize`).
 */
export function FeatureGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  const count = Children.count(children);
  return <ul className={rowClasses(count, { sm: 2, lg: columns })}>{children}</ul>;
}

/** One card of a FeatureGrid: a lucide icon (decorative), an h3 title, a paragraph and optional extra content (a link). */
export function FeatureCard({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-800">
      <span className="mb-4 inline-flex h-11 w-11 items-center justify-center rounded-lg bg-pink-100 text-brand-dark dark:bg-pink-950 dark:text-brand-light">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-2 flex-1 text-sm text-gray-700 dark:text-gray-300">{text}</p>
      {children && <div className="mt-4">{children}</div>}
    </li>
  );
}

import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/** A responsive grid (1 column on phones, up to `columns` on wide screens) of FeatureCards. */
export function FeatureGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cn(
        'grid gap-6 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {children}
    </ul>
  );
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

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The top of a public page: an optional badge, the page's one h1, a lead
 * paragraph, a row of actions (ActionLinks) and an optional illustration shown
 * beside the text from the `lg` breakpoint (below the text on phones).
 */
export function PageHero({
  badge,
  title,
  lead,
  actions,
  illustration,
  compact = false,
}: {
  badge?: string;
  /** The page headline, rendered as the h1. */
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  illustration?: ReactNode;
  /** Less height on phones, for a page whose content should start on the first screen. */
  compact?: boolean;
}) {
  return (
    <section className="bg-gradient-to-b from-pink-50 to-white dark:from-gray-950 dark:to-gray-900">
      <div
        className={
          illustration
            ? 'mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-20 lg:grid-cols-2 lg:px-8'
            : cn('mx-auto max-w-4xl px-4 text-center sm:py-20 lg:px-8', compact ? 'py-8' : 'py-16')
        }
      >
        <div>
          {badge && (
            <p className="mb-4 inline-block rounded-full bg-pink-100 px-3 py-1 text-xs font-semibold tracking-wide text-pink-900 dark:bg-pink-950 dark:text-pink-100">
              {badge}
            </p>
          )}
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-5xl">{title}</h1>
          {lead && (
            <p
              className={
                illustration
                  ? 'mt-6 max-w-2xl text-lg text-gray-700 dark:text-gray-300'
                  : cn('mx-auto max-w-2xl text-gray-700 dark:text-gray-300', compact ? 'mt-3 text-base sm:mt-6 sm:text-lg' : 'mt-6 text-lg')
              }
            >
              {lead}
            </p>
          )}
          {actions && (
            <div className={illustration ? 'mt-8 flex flex-wrap gap-4' : 'mt-8 flex flex-wrap justify-center gap-4'}>
              {actions}
            </div>
          )}
        </div>
        {illustration && <div className="min-w-0">{illustration}</div>}
      </div>
    </section>
  );
}

import { useId, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A line of a plan's specification: plain text, or a label with its value ("RAM" / "16GB"). */
export type PlanSpec = string | { label: string; value: string };

/**
 * A pricing card: the plan name (h3), a tagline, the price label exactly as
 * written ("$99", "KSh. 950", "Custom") with its period ("/month"), the spec
 * list, and an action (usually an ActionLink). `badge` ("Most Popular")
 * highlights the card with a brand border and a label above it.
 */
export function PlanCard({
  name,
  tagline,
  price,
  period,
  specs,
  badge,
  action,
  children,
}: {
  name: string;
  tagline?: ReactNode;
  price: string;
  period?: string;
  specs: readonly PlanSpec[];
  badge?: string;
  action?: ReactNode;
  /** Extra content under the price (e.g. a struck-through later price). */
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-gray-800',
        badge ? 'border-2 border-brand-dark dark:border-brand-light' : 'border-gray-200 dark:border-gray-700',
      )}
    >
      {badge && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-dark px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          {badge}
        </p>
      )}
      <h3 id={headingId} className="text-lg font-bold tracking-wide">
        {name}
      </h3>
      {tagline && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{tagline}</p>}
      <p className="mt-4">
        <span className="text-3xl font-bold">{price}</span>
        {period && <span className="text-sm text-gray-700 dark:text-gray-300">{period}</span>}
      </p>
      {children}
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {specs.map((spec) => {
          const key = typeof spec === 'string' ? spec : `${spec.label}:${spec.value}`;
          return (
            <li key={key} className="flex items-start gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
              {typeof spec === 'string' ? (
                <span>{spec}</span>
              ) : (
                <span>
                  <span className="text-gray-700 dark:text-gray-300">{spec.label}: </span>
                  <span className="font-semibold">{spec.value}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {action && <div className="mt-6 flex flex-col">{action}</div>}
    </article>
  );
}

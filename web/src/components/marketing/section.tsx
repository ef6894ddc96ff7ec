import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A content section labelled by its h2: `id` makes it linkable (`/#services`),
 * `intro` is a lead paragraph under the heading, `muted` gives it a tinted band.
 */
export function Section({
  id,
  title,
  intro,
  children,
  muted = false,
  className,
}: {
  id?: string;
  /** The section heading, rendered as an h2. */
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  muted?: boolean;
  className?: string;
}) {
  const generated = useId();
  const headingId = `${id ?? generated}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20 py-16', muted && 'bg-gray-50 dark:bg-gray-950', className)}
    >
      <div className="mx-auto max-w-6xl px-4 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-gray-700 dark:text-gray-300">{intro}</p>}
        </div>
        {children && <div className="mt-10">{children}</div>}
      </div>
    </section>
  );
}

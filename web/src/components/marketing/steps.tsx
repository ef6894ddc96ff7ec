import { t } from '@/i18n/i18n';

/** One step of a how-it-works list. */
export interface Step {
  title: string;
  text: string;
}

/** A numbered how-it-works list (an ordered list; each step's title is an h3). */
export function Steps({ items }: { items: readonly Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {items.map((step, index) => (
        <li key={step.title} className="flex gap-4 md:flex-col">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-dark font-bold text-white"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold">
              <span className="sr-only">{`${t('common.step', { step: index + 1 })} `}</span>
              {step.title}
            </h3>
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

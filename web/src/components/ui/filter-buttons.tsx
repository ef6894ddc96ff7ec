import { cn } from '@/lib/cn';

/** A row of toggle buttons choosing one value (All first, by the caller's list); the chosen one is aria-pressed. */
export function FilterButtons({
  label,
  options,
  value,
  onChange,
  display = (option) => option,
  oneRow = false,
}: {
  /** Names the group for screen readers, e.g. "Filter by category". */
  label: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
  display?: (option: string) => string;
  /**
   * For options that arrive after the page is drawn: below lg they scroll in
   * one row instead of wrapping onto new lines, so nothing below moves when
   * they come (a layout shift).
   */
  oneRow?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'flex gap-2',
        oneRow ? '-mx-4 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-wrap lg:overflow-visible lg:px-0' : 'flex-wrap',
      )}
    >
      {options.map((option) => {
        const pressed = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option)}
            className={cn(
              'shrink-0 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
              pressed
                ? 'border-brand-dark bg-brand-dark text-white'
                : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700',
            )}
          >
            {display(option)}
          </button>
        );
      })}
    </div>
  );
}

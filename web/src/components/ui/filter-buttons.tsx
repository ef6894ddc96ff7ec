import { cn } from './cn';

/** A row of toggle buttons choosing one value (All first, by the caller's list); the chosen one is aria-pressed. */
export function FilterButtons({
  label,
  options,
  value,
  onChange,
  display = (option) => option,
}: {
  /** Names the group for screen readers, e.g. "Filter by category". */
  label: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
  display?: (option: string) => string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const pressed = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option)}
            className={cn(
              'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
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

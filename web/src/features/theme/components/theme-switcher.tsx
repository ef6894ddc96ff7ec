import { Monitor, Moon, Sun } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '@/lib/cn';
import { applyTheme, useTheme, type Theme } from '../stores/theme-store';

const options: Array<{ value: Theme; label: string; Icon: typeof Sun }> = [
  { value: 'light', label: 'Light theme', Icon: Sun },
  { value: 'dark', label: 'Dark theme', Icon: Moon },
  { value: 'system', label: 'System theme', Icon: Monitor },
];

/** Light / dark / system switch; while mounted it keeps following the OS setting. */
export function ThemeSwitcher({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  return (
    <div
      role="group"
      aria-label="Theme"
      className={cn('inline-flex rounded-md border border-gray-300 p-0.5 dark:border-gray-600', className)}
    >
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={theme === value}
          title={label}
          onClick={() => setTheme(value)}
          className={cn(
            'rounded p-1.5',
            theme === value
              ? 'bg-brand-dark text-white'
              : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-700',
          )}
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

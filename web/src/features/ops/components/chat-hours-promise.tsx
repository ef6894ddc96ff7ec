import { useWatch, type Control } from 'react-hook-form';
import type { SettingsFormValues } from '../lib/settings-rules';

/** Whether the chosen hours are every day, all day (closing at 00:00 is midnight). */
export function aroundTheClock(hours: SettingsFormValues['chatHours']): boolean {
  return hours.days.length === 7 && hours.opens === '00:00' && hours.closes === '00:00';
}

/**
 * Said beside narrowed chat hours: the site's pages promise 24/7 support
 * (the spec's words), and outside these hours the chat will say the team is away.
 */
export function ChatHoursPromise({ control }: { control: Control<SettingsFormValues> }) {
  const hours = useWatch({ control, name: 'chatHours' });
  if (aroundTheClock(hours)) return null;
  return (
    <p role="note" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      The site promises 24/7 support (the home page and the product pages). Outside these hours the chat tells
      visitors the team is away. For chat around the clock, choose every day, opening and closing at 00:00.
    </p>
  );
}

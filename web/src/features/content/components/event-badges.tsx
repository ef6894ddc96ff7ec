// The events' English messages, with their code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import type { Event } from '@/api-types/Event';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { contentImageSrc, isSafeHref } from '../lib/links';

/** The card badge (spec §4): UPCOMING for upcoming, otherwise COMPLETED. */
export function cardStatusLabel(status: string): string {
  return status === 'upcoming' ? t('events.status.upcoming') : t('events.status.completed');
}

/** The detail badge (spec §4): UPCOMING or the status in capitals. */
export function detailStatusLabel(status: string): string {
  if (status === 'upcoming') return t('events.status.upcoming');
  return status === 'completed' ? t('events.status.completed') : status.toUpperCase();
}

/** What a completed event shows where an upcoming one offers Register Now. */
export const eventEndedText = () => t('events.ended');

/** Whether an event can still be registered for (only an upcoming one). */
export function isOpenForRegistration(event: Pick<Event, 'status'>): boolean {
  return event.status === 'upcoming';
}

/** Where Register Now goes: the event's own link when it is http(s) or a site path, else the default events site. */
export function registerHref(event: Pick<Event, 'registerLink'>, eventsSiteUrl: string): string {
  return isSafeHref(event.registerLink) ? event.registerLink.trim() : eventsSiteUrl;
}

/** The event's image by the §5 path rule, else the default image. */
export function eventImageSrc(event: Pick<Event, 'image'>): string {
  return contentImageSrc(event.image) ?? defaultServerImage;
}

/** The bright pastel illustrations glare on a dark page: dimmed and desaturated there. */
export const eventImageDarkClass = 'dark:brightness-75 dark:saturate-75';

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-3 py-1 text-xs font-bold tracking-wide',
        status === 'upcoming'
          ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100'
          : 'bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100',
      )}
    >
      {label}
    </span>
  );
}

export function EventCategoryBadge({ category }: { category: string }) {
  return (
    <span className="inline-block rounded-full bg-pink-100 px-3 py-1 text-xs font-semibold text-pink-900 dark:bg-pink-950 dark:text-pink-100">
      {category}
    </span>
  );
}

// The events' English messages, with their code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import { Calendar, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { EventSummary } from '@/api-types/EventSummary';
import {
  cardStatusLabel,
  EventCategoryBadge,
  eventImageDarkClass,
  eventEndedText,
  eventImageSrc,
  isOpenForRegistration,
  registerHref,
  StatusBadge,
} from '@/features/content/components/event-badges';
import { ActionLink } from '@/components/marketing/action-link';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { formatCalendarDate } from '@/lib/content/dates';
import { useSiteSettings } from '@/lib/site-settings';
import type { Language } from '@/api-types/Language';
import { activeLocale, t } from '@/i18n/i18n';
import { otherLanguage } from '../../lib/content-language';
import { LanguageBadge } from '../language-badge';

/** A language's name in the page's language, for the badge of an event in another. */
export const eventLanguageNames: Record<Language, () => string> = {
  en: () => t('events.language.en'),
  fr: () => t('events.language.fr'),
  sw: () => t('events.language.sw'),
};

/** Date, time and location of an event, one per line with an icon. */
export function EventFacts({ event }: { event: Pick<EventSummary, 'date' | 'time' | 'location'> }) {
  return (
    <ul className="flex flex-col gap-1 text-sm text-gray-700 dark:text-gray-300">
      <li className="inline-flex items-center gap-2">
        <Calendar aria-hidden="true" className="h-4 w-4 shrink-0" />
        <time dateTime={event.date}>{formatCalendarDate(event.date)}</time>
      </li>
      <li className="inline-flex items-center gap-2">
        <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
        {event.time}
      </li>
      <li className="inline-flex items-center gap-2 break-words">
        <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
        {event.location}
      </li>
    </ul>
  );
}

/**
 * An event card. The whole card opens /events/{id} (the title link is
 * stretched over it); Register Now is its own link above that layer. A
 * completed event says it has ended instead. An event in another language
 * than the page's is labelled with it, its title marked with it.
 */
export function EventCard({ event }: { event: EventSummary }) {
  const settings = useSiteSettings();
  const other = otherLanguage(event.language, activeLocale());
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand dark:border-gray-700 dark:bg-gray-900">
      <div className="relative">
        <FallbackImage src={eventImageSrc(event)} alt="" width={640} height={360} className={`h-44 w-full object-cover ${eventImageDarkClass}`} />
        <div className="absolute top-3 left-3">
          <StatusBadge status={event.status} label={cardStatusLabel(event.status)} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <EventCategoryBadge category={event.category} />
          {other && <LanguageBadge label={eventLanguageNames[other]()} />}
        </div>
        <h3 lang={other ?? undefined} className="text-lg font-bold break-words">
          <Link
            to={`/events/${encodeURIComponent(event.id)}`}
            className="after:absolute after:inset-0 hover:text-brand-dark focus:outline-none dark:hover:text-brand-light"
          >
            {event.title}
          </Link>
        </h3>
        <EventFacts event={event} />
        <div className="relative z-10 mt-auto pt-2">
          {isOpenForRegistration(event) ? (
            <ActionLink href={registerHref(event, settings.eventsSiteUrl)} aria-label={t('events.card.registerFor', { title: event.title })}>
              {t('events.register')}
            </ActionLink>
          ) : (
            <p className="text-sm font-semibold text-gray-700 dark:text-gray-300">{eventEndedText()}</p>
          )}
        </div>
      </div>
    </article>
  );
}

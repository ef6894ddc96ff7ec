// The events' English messages, with their code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import { Building2, Calendar, Clock, MapPin, Ticket } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Event } from '@/api-types/Event';
import { ActionLink } from '@/components/marketing/action-link';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { formatCalendarDate } from '@/lib/content/dates';
import {
  detailStatusLabel,
  EventCategoryBadge,
  eventEndedText,
  eventImageDarkClass,
  eventImageSrc,
  isOpenForRegistration,
  registerHref,
  StatusBadge,
} from './event-badges';

/** The fixed Host text (spec §2: the provider's infrastructure arm): a name, the same in every language. */
export const eventHost = `${site.company} Infrastructure`;

/** What the detail shows of an event. */
export type DetailEvent = Pick<
  Event,
  'title' | 'description' | 'category' | 'status' | 'date' | 'time' | 'location' | 'image' | 'highlights' | 'registerLink'
>;

function Block({ title, icon, level, children }: { title: string; icon?: ReactNode; level: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="mt-8">
      <Heading className="flex items-center gap-2 text-xl font-bold">
        {icon}
        {title}
      </Heading>
      <div className="mt-3 text-gray-800 dark:text-gray-200">{children}</div>
    </section>
  );
}

/**
 * An event as visitors see it: image, badges, title, location, date and time,
 * Host, Description, Event Highlights, Dates, and the Join card with Register
 * Now (for a completed event: This event has ended, and no registration). The public event page and the admin preview both render this. The
 * title is an h1 on the page and an h2 inside the admin screen (the other
 * headings follow one level below).
 */
export function EventDetail({
  event,
  eventsSiteUrl,
  headingLevel = 1,
}: {
  event: DetailEvent;
  /** Where Register Now goes when the event has no link of its own (a site setting). */
  eventsSiteUrl: string;
  headingLevel?: 1 | 2;
}) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const sub = headingLevel === 1 ? 2 : 3;
  const Join = sub === 2 ? 'h2' : 'h3';
  const date = formatCalendarDate(event.date);
  const joinId = useId();
  return (
    // Laid out by its own width (a container query), not the window's: on the
    // public page that is the page, in the admin preview the preview column.
    <div className="@container mt-6">
      <div className="grid gap-10 @min-[60rem]:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          <FallbackImage
            src={eventImageSrc(event)}
            alt={event.title}
            width={1200}
            height={630}
            loading="eager"
            className={`h-auto w-full rounded-xl object-cover ${eventImageDarkClass}`}
          />
          <div className="mt-6 flex flex-wrap gap-2">
            <EventCategoryBadge category={event.category} />
            <StatusBadge status={event.status} label={detailStatusLabel(event.status)} />
          </div>
          <Title className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-4xl">{event.title}</Title>
          <ul className="mt-4 flex flex-col gap-2 text-gray-700 dark:text-gray-300">
            <li className="inline-flex items-center gap-2 break-words">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0" />
              {event.location}
            </li>
            <li className="inline-flex items-center gap-2">
              <Calendar aria-hidden="true" className="h-5 w-5 shrink-0" />
              <time dateTime={event.date}>{date}</time>
            </li>
            <li className="inline-flex items-center gap-2">
              <Clock aria-hidden="true" className="h-5 w-5 shrink-0" />
              {event.time}
            </li>
          </ul>
          <Block title={t('events.detail.host')} level={sub} icon={<Building2 aria-hidden="true" className="h-5 w-5" />}>
            <p>{eventHost}</p>
          </Block>
          <Block title={t('events.detail.description')} level={sub}>
            <p className="whitespace-pre-line break-words">{event.description}</p>
          </Block>
          {event.highlights.length > 0 && (
            <Block title={t('events.detail.highlights')} level={sub}>
              <ul className="list-disc space-y-1 pl-6">
                {event.highlights.map((highlight, index) => (
                  <li key={index} className="break-words">
                    {highlight}
                  </li>
                ))}
              </ul>
            </Block>
          )}
          <Block title={t('events.detail.dates')} level={sub}>
            <p>
              <time dateTime={event.date}>{date}</time>, {event.time}
            </p>
          </Block>
        </article>
        <aside
          aria-labelledby={joinId}
          className="h-fit rounded-xl border border-gray-200 p-6 shadow-sm @min-[60rem]:sticky @min-[60rem]:top-24 dark:border-gray-700"
        >
          {isOpenForRegistration(event) ? (
            <>
              <Join id={joinId} className="text-xl font-bold">
                {t('events.detail.join')}
              </Join>
              <p className="mt-4 flex items-center gap-2 font-semibold">
                <Ticket aria-hidden="true" className="h-5 w-5 text-brand-dark dark:text-brand-light" />
                {t('events.detail.admission')}
              </p>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
                {t('events.detail.registrationNote')}
              </p>
              <div className="mt-6">
                <ActionLink href={registerHref(event, eventsSiteUrl)} className="w-full">
                  {t('events.register')}
                </ActionLink>
              </div>
            </>
          ) : (
            <>
              <Join id={joinId} className="text-xl font-bold">
                {eventEndedText()}
              </Join>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
                {t('events.detail.closedNote')}
              </p>
              <div className="mt-6">
                <ActionLink href="/events" variant="secondary" className="w-full">
                  {t('events.detail.seeUpcoming')}
                </ActionLink>
              </div>
            </>
          )}
        </aside>
      </div>
    </div>
  );
}

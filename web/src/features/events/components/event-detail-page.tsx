import { ArrowLeft, Building2, Calendar, Clock, MapPin, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ActionLink } from '@/components/marketing/action-link';
import { defaultServerImage, FallbackImage } from '@/components/marketing/fallback-image';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { formatCalendarDate } from '@/lib/content/dates';
import { routeMeta } from '@/lib/route-meta';
import { useSiteSettings } from '@/lib/site-settings';
import { eventTexts, useEvent } from '../api/get-event';
import { detailStatusLabel, EventCategoryBadge, eventImageSrc, registerHref, StatusBadge } from './event-badges';

/** The fixed Host text (spec §2: the provider's infrastructure arm). */
export const eventHost = `${site.company} Infrastructure`;

function BackToEvents() {
  return (
    <Link
      to="/events"
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-dark hover:underline dark:text-brand-light"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Events
    </Link>
  );
}

function Block({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        {icon}
        {title}
      </h2>
      <div className="mt-3 text-gray-800 dark:text-gray-200">{children}</div>
    </section>
  );
}

/** /events/:id: one event with its highlights and the Join card. */
export default function EventDetailPage() {
  const { id = '' } = useParams();
  const meta = routeMeta('/events/:id');
  const settings = useSiteSettings();
  const query = useEvent(id);

  if (query.isPending) return <LoadingMessage>Loading event details...</LoadingMessage>;
  if (query.isError) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <PageMeta title={eventTexts.notFound} description={meta.description} variant="events" />
        <h1 className="text-3xl font-bold">{eventTexts.notFound}</h1>
        <div className="mt-8">
          <BackToEvents />
        </div>
      </section>
    );
  }

  const event = query.data;
  const image = eventImageSrc(event);
  const date = formatCalendarDate(event.date);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
      <PageMeta
        title={event.title}
        description={event.description.slice(0, 200) || meta.description}
        keywords={`${event.category}, ${meta.keywords}`}
        variant="events"
        image={image !== defaultServerImage && !image.startsWith('data:') ? image : undefined}
      />
      <BackToEvents />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          <FallbackImage
            src={image}
            alt={event.title}
            width={1200}
            height={630}
            loading="eager"
            className="h-auto w-full rounded-xl object-cover"
          />
          <div className="mt-6 flex flex-wrap gap-2">
            <EventCategoryBadge category={event.category} />
            <StatusBadge status={event.status} label={detailStatusLabel(event.status)} />
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-4xl">{event.title}</h1>
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
          <Block title="Host" icon={<Building2 aria-hidden="true" className="h-5 w-5" />}>
            <p>{eventHost}</p>
          </Block>
          <Block title="Description">
            <p className="whitespace-pre-line break-words">{event.description}</p>
          </Block>
          {event.highlights.length > 0 && (
            <Block title="Event Highlights">
              <ul className="list-disc space-y-1 pl-6">
                {event.highlights.map((highlight, index) => (
                  <li key={index} className="break-words">
                    {highlight}
                  </li>
                ))}
              </ul>
            </Block>
          )}
          <Block title="Dates">
            <p>
              <time dateTime={event.date}>{date}</time>, {event.time}
            </p>
          </Block>
        </article>
        <aside aria-labelledby="join-heading" className="h-fit rounded-xl border border-gray-200 p-6 shadow-sm lg:sticky lg:top-24 dark:border-gray-700">
          <h2 id="join-heading" className="text-xl font-bold">
            Join This Event
          </h2>
          <p className="mt-4 flex items-center gap-2 font-semibold">
            <Ticket aria-hidden="true" className="h-5 w-5 text-brand-dark dark:text-brand-light" />
            General Admission
          </p>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
            Registration is handled on the event's registration page, which opens in a new tab.
          </p>
          <div className="mt-6">
            <ActionLink href={registerHref(event, settings.eventsSiteUrl)} className="w-full">
              Register Now
            </ActionLink>
          </div>
        </aside>
      </div>
    </div>
  );
}

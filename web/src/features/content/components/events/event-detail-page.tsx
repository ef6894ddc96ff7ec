// The events' English messages, with their code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { eventImageSrc } from '@/features/content/components/event-badges';
import { EventDetail } from '@/features/content/components/event-detail';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { routeMeta } from '@/lib/route-meta';
import { useSiteSettings } from '@/lib/site-settings';
import { t } from '@/i18n/i18n';
import { eventTexts, useEvent } from '@/features/content/api/get-event';

function BackToEvents() {
  return (
    <Link
      to="/events"
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-dark hover:underline dark:text-brand-light"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('events.detail.back')}
    </Link>
  );
}

/** /events/:id: one event with its highlights and the Join card. */
export default function EventDetailPage() {
  const { id = '' } = useParams();
  const meta = routeMeta('/events/:id');
  const settings = useSiteSettings();
  const query = useEvent(id);

  if (query.isPending) {
    // A screen tall, so the footer stays below the fold until the item arrives
    // (it jumped down into view: Lighthouse's layout shift of 1.14 on a post).
    return (
      <div className="min-h-svh">
        <LoadingMessage>{t('events.detail.loading')}</LoadingMessage>
      </div>
    );
  }
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
      <EventDetail event={event} eventsSiteUrl={settings.eventsSiteUrl} />
    </div>
  );
}

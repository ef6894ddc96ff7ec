// The events' English messages, with their code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import { useState, type ReactNode } from 'react';
import { ActionLink } from '@/components/marketing/action-link';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { Alert } from '@/components/ui/alert';
import { FilterButtons } from '@/components/ui/filter-buttons';
import { RouteMeta } from '@/components/ui/route-meta';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-field';
import { LoadingMessage } from '@/components/ui/spinner';
import { limits, site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { otherEvents, useEventFacets } from '@/features/content/api/get-event-facets';
import { eventListParams, eventsTexts, useEvents } from '@/features/content/api/list-events';
import { EventCard } from './event-card';
import { eventSections } from '../../lib/event-sections';

export const noOtherEvents = () => t('events.others.empty');

const hostSubject = () =>
  `/contact?subject=${encodeURIComponent(t('events.host.subject', { company: site.company }))}#contact-form`;

/** A status filter's name: All, Upcoming, Completed (another status capitalised as it comes). */
function statusName(value: string): string {
  if (value === 'All') return t('events.filter.all');
  if (value === 'upcoming') return t('events.filter.upcoming');
  if (value === 'completed') return t('events.filter.completed');
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function categoryName(value: string): string {
  return value === 'All' ? t('events.filter.all') : value;
}

/**
 * /events: the search, the status and category filters and the page of 12
 * events in sections (Upcoming Events, then Completed Events), Other Events
 * (never a card already shown above), the Stay Connected box (`subscribeBox`,
 * intake's, given by app/events-route.tsx) and the hosting link. On a phone the filters scroll sideways in one row each and the hero
 * is compact, so the first card shows on the first screen.
 * Changing the search or a filter goes back to page 1 (spec §4).
 */
export default function EventsPage({ subscribeBox }: { subscribeBox: ReactNode }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('All');
  const [category, setCategory] = useState('All');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, limits.searchDebounceMs);

  const events = useEvents(eventListParams(page, search, status, category));
  const filters = useEventFacets();
  const list = events.data;
  // Other Events leaves out the cards already in the grid above.
  const others = filters.data ? otherEvents(filters.data.others, new Set(list?.events.map((event) => event.id))) : null;
  // Upcoming first, then completed: a finished event is never listed as upcoming.
  const sections = eventSections(list?.events ?? [], status);

  return (
    <>
      <RouteMeta route="/events" />
      <PageHero
        compact
        badge={t('events.hero.badge')}
        title={t('events.hero.title', { company: site.company })}
        lead={t('events.hero.lead')}
      />
      {sections.map((section, index) => (
        <Section
          key={section.status}
          id={`${section.status}-events`}
          title={section.title}
          className={index === 0 ? 'pt-8 sm:pt-16' : undefined}
        >
          {index === 0 && (
            <div className="flex flex-col gap-4">
              <div className="max-w-md">
                <SearchField
                  label={t('events.search.label')}
                  placeholder={t('events.search.placeholder')}
                  value={searchText}
                  onChange={(next) => {
                    setSearchText(next);
                    setPage(1);
                  }}
                />
              </div>
              <FilterButtons
                label={t('events.filter.status')}
                options={filters.data?.statuses ?? ['All']}
                value={status}
                display={statusName}
                oneRow
                onChange={(next) => {
                  setStatus(next);
                  setPage(1);
                }}
              />
              <FilterButtons
                label={t('events.filter.category')}
                options={filters.data?.categories ?? ['All']}
                value={category}
                display={categoryName}
                oneRow
                onChange={(next) => {
                  setCategory(next);
                  setPage(1);
                }}
              />
              {filters.isError && <Alert title={filters.error.message} />}
            </div>
          )}
          <div className={index === 0 ? 'mt-8' : undefined}>
            {index === 0 && events.isPending && <LoadingMessage>{t('events.loading')}</LoadingMessage>}
            {index === 0 && events.isError && <Alert title={eventsTexts.pageFailed} />}
            {list &&
              (section.events.length > 0 ? (
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {section.events.map((event) => (
                    <li key={event.id} className="flex">
                      <EventCard event={event} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-center text-gray-700 dark:text-gray-300">
                  {t('events.empty')}
                </p>
              ))}
            {list && index === sections.length - 1 && (
              <Pagination
                label={t('events.pagination.label')}
                texts={{
                  previous: t('events.pagination.previous'),
                  next: t('events.pagination.next'),
                  page: (n) => t('events.pagination.page', { page: n }),
                }}
                page={page}
                totalPages={list.pagination.totalPages}
                onPageChange={setPage}
              />
            )}
          </div>
        </Section>
      ))}
      <Section id="other-events" title={t('events.others.title')} muted>
        {others &&
          (others.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {others.map((event) => (
                <li key={event.id} className="flex">
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-center text-gray-700 dark:text-gray-300">{noOtherEvents()}</p>
          ))}
      </Section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2 lg:px-8">
        {subscribeBox}
        <section
          aria-labelledby="host-heading"
          className="rounded-xl border border-gray-200 p-6 dark:border-gray-700"
        >
          <h2 id="host-heading" className="text-lg font-bold">
            {t('events.host.title')}
          </h2>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
            {t('events.host.text')}
          </p>
          <div className="mt-4">
            <ActionLink href={hostSubject()} variant="secondary">
              {t('events.host.link')}
            </ActionLink>
          </div>
        </section>
      </div>
    </>
  );
}

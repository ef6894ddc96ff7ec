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
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { otherEvents, useEventFacets } from '@/features/content/api/get-event-facets';
import { eventListParams, eventsTexts, useEvents } from '@/features/content/api/list-events';
import { EventCard } from './event-card';
import { eventSections } from '../../lib/event-sections';

export const noOtherEvents = 'No other events available at the moment. Check back soon!';

const hostSubject = `/contact?subject=${encodeURIComponent('Hosting an event with Nyota Cloud')}#contact-form`;

function capitalise(value: string): string {
  return value === 'All' ? value : value.charAt(0).toUpperCase() + value.slice(1);
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
        badge="EVENTS"
        title={`${site.company} Events`}
        lead="Meet our engineers at summits, conferences and infrastructure events across Africa: talks on cloud, data residency and security, hands-on workshops, and time to plan your next deployment."
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
                  label="Search events"
                  placeholder="Search events..."
                  value={searchText}
                  onChange={(next) => {
                    setSearchText(next);
                    setPage(1);
                  }}
                />
              </div>
              <FilterButtons
                label="Filter by status"
                options={filters.data?.statuses ?? ['All']}
                value={status}
                display={capitalise}
                oneRow
                onChange={(next) => {
                  setStatus(next);
                  setPage(1);
                }}
              />
              <FilterButtons
                label="Filter by category"
                options={filters.data?.categories ?? ['All']}
                value={category}
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
            {index === 0 && events.isPending && <LoadingMessage>Loading events...</LoadingMessage>}
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
                  No events match your search. Try other words or filters.
                </p>
              ))}
            {list && index === sections.length - 1 && (
              <Pagination
                label="Event pages"
                page={page}
                totalPages={list.pagination.totalPages}
                onPageChange={setPage}
              />
            )}
          </div>
        </Section>
      ))}
      <Section id="other-events" title="Other Events" muted>
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
            <p className="text-center text-gray-700 dark:text-gray-300">{noOtherEvents}</p>
          ))}
      </Section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2 lg:px-8">
        {subscribeBox}
        <section
          aria-labelledby="host-heading"
          className="rounded-xl border border-gray-200 p-6 dark:border-gray-700"
        >
          <h2 id="host-heading" className="text-lg font-bold">
            Host an Event With Us
          </h2>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
            Planning a meetup, workshop or conference on cloud infrastructure in Africa? We partner with communities
            and businesses on venues, speakers and hands-on labs. Tell us about your event.
          </p>
          <div className="mt-4">
            <ActionLink href={hostSubject} variant="secondary">
              Contact Us About Hosting
            </ActionLink>
          </div>
        </section>
      </div>
    </>
  );
}

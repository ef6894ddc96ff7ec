import { describe, expect, it } from 'vitest';
import { event, eventFacets } from '@/test/content-fixtures';
import { eventQueryOptions } from './get-event';
import { eventFacetsQueryOptions, otherEvents, summariseEventFilters } from './get-event-facets';
import { eventListParams, eventsQueryOptions } from './list-events';

const minute = 60_000;

describe('events query keys and freshness (spec §9)', () => {
  it('lists: keyed by domain and filters, fresh 5 minutes, kept 10', () => {
    const options = eventsQueryOptions(eventListParams(3, '  nairobi ', 'upcoming', 'All'));
    expect(options.queryKey).toEqual(['events', { page: 3, search: 'nairobi', status: 'upcoming', category: null, lang: 'en' }]);
    expect(options.staleTime).toBe(5 * minute);
    expect(options.gcTime).toBe(10 * minute);
  });

  it('filters: fresh 30 minutes', () => {
    const options = eventFacetsQueryOptions();
    expect(options.queryKey).toEqual(['events', 'facets']);
    expect(options.staleTime).toBe(30 * minute);
  });

  it('detail: keyed by id', () => {
    expect(eventQueryOptions('e1').queryKey).toEqual(['events', 'detail', 'e1']);
  });
});

describe('event filters', () => {
  it('prefix the statuses and categories with All', () => {
    const filters = summariseEventFilters(
      eventFacets([
        event({ status: 'upcoming', category: 'Summit' }),
        event({ status: 'completed', category: 'Workshop' }),
        event({ status: 'upcoming', category: 'Summit' }),
      ]),
    );
    expect(filters.statuses).toEqual(['All', 'upcoming', 'completed']);
    expect(filters.categories).toEqual(['All', 'Summit', 'Workshop']);
  });

  it('Other Events: the first 4 of the candidates', () => {
    const others = [1, 2, 3, 4, 5].map((n) => event({ category: 'Workshop', title: `W${n}` }));
    expect(otherEvents([]).map((e) => e.title)).toEqual([]);
    expect(otherEvents(others).map((e) => e.title)).toEqual(['W1', 'W2', 'W3', 'W4']);
  });

  it('Other Events leaves out the cards already on screen', () => {
    const others = [1, 2, 3, 4, 5, 6].map((n) => event({ category: 'Workshop', title: `W${n}` }));
    const shown = new Set([others[0]!.id, others[2]!.id]);
    expect(otherEvents(others, shown).map((e) => e.title)).toEqual(['W2', 'W4', 'W5', 'W6']);
  });
});

import { describe, expect, it } from 'vitest';
import { event } from '@/test/content-fixtures';
import { eventSections } from './event-sections';

describe('eventSections', () => {
  const summit = event({ title: 'Summit', status: 'upcoming' });
  const workshop = event({ title: 'Workshop', status: 'completed' });
  const forum = event({ title: 'Forum', status: 'upcoming' });

  it('puts upcoming events first and completed ones in a section of their own', () => {
    expect(eventSections([summit, workshop, forum], 'All').map((s) => [s.title, s.events.map((e) => e.title)])).toEqual([
      ['Upcoming Events', ['Summit', 'Forum']],
      ['Completed Events', ['Workshop']],
    ]);
  });

  it('shows only the sections a page has', () => {
    expect(eventSections([workshop], 'All').map((s) => s.title)).toEqual(['Completed Events']);
    expect(eventSections([summit], 'upcoming').map((s) => s.title)).toEqual(['Upcoming Events']);
  });

  it('keeps one empty section named after the filter when nothing matches', () => {
    expect(eventSections([], 'All')).toEqual([{ status: 'upcoming', title: 'Upcoming Events', events: [] }]);
    expect(eventSections([], 'completed')).toEqual([{ status: 'completed', title: 'Completed Events', events: [] }]);
  });
});

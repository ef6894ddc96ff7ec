// The events' English messages, with their code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/events';
import type { EventSummary } from '@/api-types/EventSummary';
import { t } from '@/i18n/i18n';

/** One section of the events grid: its heading and its cards. */
export interface EventSection {
  status: 'upcoming' | 'completed';
  title: string;
  events: EventSummary[];
}

const titles = {
  upcoming: () => t('events.sections.upcoming'),
  completed: () => t('events.sections.completed'),
} as const;

/**
 * The page of events in sections, upcoming first then completed (the
 * server's order), so a finished event never sits under Upcoming Events.
 * A page with no events keeps one section, named after the status filter
 * (All reads as Upcoming Events, the spec's heading).
 */
export function eventSections(events: EventSummary[], statusFilter: string): EventSection[] {
  const upcoming = events.filter((event) => event.status === 'upcoming');
  const completed = events.filter((event) => event.status !== 'upcoming');
  const sections: EventSection[] = [];
  if (upcoming.length > 0) sections.push({ status: 'upcoming', title: titles.upcoming(), events: upcoming });
  if (completed.length > 0) sections.push({ status: 'completed', title: titles.completed(), events: completed });
  if (sections.length === 0) {
    const status = statusFilter === 'completed' ? 'completed' : 'upcoming';
    sections.push({ status, title: titles[status](), events: [] });
  }
  return sections;
}

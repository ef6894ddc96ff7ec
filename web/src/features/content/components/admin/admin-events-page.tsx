import { EventManager } from './event-manager';

/** /admin/events: the events table with its form. */
export default function AdminEventsPage() {
  return <EventManager enhanced={false} />;
}

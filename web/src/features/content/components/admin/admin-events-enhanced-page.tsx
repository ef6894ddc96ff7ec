import { EventManager } from './event-manager';

/** /admin/events/enhanced: the table with bulk actions and Duplicate, and the editor with inline upload and live preview. */
export default function AdminEventsEnhancedPage() {
  return <EventManager enhanced />;
}

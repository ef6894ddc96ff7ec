import { ContentManager } from './content-manager';
import { eventAdminSchema } from './event-admin-schema';

/** /admin/events: the events table with its form. */
export default function AdminEventsPage() {
  return <ContentManager schema={eventAdminSchema} enhanced={false} />;
}

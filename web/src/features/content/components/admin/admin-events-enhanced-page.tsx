import { ContentManager } from './content-manager';
import { eventAdminSchema } from './event-admin-schema';

/** /admin/events/enhanced: the table with bulk actions and Duplicate, and the editor with inline upload and live preview. */
export default function AdminEventsEnhancedPage() {
  return <ContentManager schema={eventAdminSchema} enhanced />;
}

import { AdminSectionPage } from './admin-section-page';

export default function AdminEventsPage() {
  return <AdminSectionPage path="/admin/events" />;
}

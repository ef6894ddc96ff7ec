import { AdminSectionPage } from './admin-section-page';

export default function AdminEventsEnhancedPage() {
  return <AdminSectionPage path="/admin/events/enhanced" />;
}

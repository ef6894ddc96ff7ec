import { AdminSectionPage } from './admin-section-page';

export default function AdminAnalyticsPage() {
  return <AdminSectionPage path="/admin/analytics" />;
}

import { AdminSectionPage } from './admin-section-page';

export default function AdminSettingsPage() {
  return <AdminSectionPage path="/admin/settings" />;
}

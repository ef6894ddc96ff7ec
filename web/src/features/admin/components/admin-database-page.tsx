import { AdminSectionPage } from './admin-section-page';

export default function AdminDatabasePage() {
  return <AdminSectionPage path="/admin/database" />;
}

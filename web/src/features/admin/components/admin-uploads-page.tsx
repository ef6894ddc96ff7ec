import { AdminSectionPage } from './admin-section-page';

export default function AdminUploadsPage() {
  return <AdminSectionPage path="/admin/uploads" />;
}

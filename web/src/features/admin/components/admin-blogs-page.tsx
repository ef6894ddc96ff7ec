import { AdminSectionPage } from './admin-section-page';

export default function AdminBlogsPage() {
  return <AdminSectionPage path="/admin/blogs" />;
}

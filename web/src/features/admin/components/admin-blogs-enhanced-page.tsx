import { AdminSectionPage } from './admin-section-page';

export default function AdminBlogsEnhancedPage() {
  return <AdminSectionPage path="/admin/blogs/enhanced" />;
}

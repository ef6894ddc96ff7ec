import { ContentManager } from './content-manager';
import { blogAdminSchema } from './blog-admin-schema';

/** /admin/blogs/enhanced: the table with bulk actions, and the editor with inline upload and live preview. */
export default function AdminBlogsEnhancedPage() {
  return <ContentManager schema={blogAdminSchema} enhanced />;
}

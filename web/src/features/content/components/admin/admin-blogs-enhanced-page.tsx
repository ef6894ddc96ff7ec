import { BlogManager } from './blog-manager';

/** /admin/blogs/enhanced: the table with bulk actions, and the editor with inline upload and live preview. */
export default function AdminBlogsEnhancedPage() {
  return <BlogManager enhanced />;
}

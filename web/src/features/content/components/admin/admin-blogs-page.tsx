import { ContentManager } from './content-manager';
import { blogAdminSchema } from './blog-admin-schema';

/** /admin/blogs: the blog posts table with its form. */
export default function AdminBlogsPage() {
  return <ContentManager schema={blogAdminSchema} enhanced={false} />;
}

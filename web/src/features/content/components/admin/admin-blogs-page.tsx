import { useMatch, useParams } from 'react-router-dom';
import { ContentManager } from './content-manager';
import { AdminBlogEditor } from './admin-blog-editor';
import { blogAdminSchema } from './blog-admin-schema';

/** /admin/blogs: the blog posts table; /admin/blogs/new and /admin/blogs/:id: the post editor. */
export default function AdminBlogsPage() {
  const { id } = useParams();
  const creating = useMatch('/admin/blogs/new') !== null;
  if (creating || id !== undefined) return <AdminBlogEditor key={id ?? 'new'} id={id} />;
  return <ContentManager schema={blogAdminSchema} enhanced={false} />;
}

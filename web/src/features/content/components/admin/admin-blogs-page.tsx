import { BlogManager } from './blog-manager';

/** /admin/blogs: the blog posts table with its form. */
export default function AdminBlogsPage() {
  return <BlogManager enhanced={false} />;
}

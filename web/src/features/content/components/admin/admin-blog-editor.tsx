import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { BlogPost } from '@/api-types/BlogPost';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { LoadFailed } from '@/components/admin/list-states';
import { Alert } from '@/components/ui/alert';
import { LoadingMessage } from '@/components/ui/spinner';
import { adminBlogListKey, adminBlogTexts, useAdminBlogPosts } from '@/features/content/api/list-admin-blog-posts';
import { blogAdminSchema } from './blog-admin-schema';
import { ContentForm, type ContentTarget } from './content-form';
import type { BlogPostValues } from '../../lib/blog-post-model';

export const blogEditorTexts = {
  back: 'All posts',
  notFound: 'This post does not exist',
  notFoundBody: 'It may have been deleted. Go back to the list to pick another post.',
} as const;

/**
 * /admin/blogs/new and /admin/blogs/:id: the blog post editor on a page of its
 * own, so a post has an address to come back to. Creating a post moves to its
 * own address; saving keeps the editor open; Cancel returns to the list.
 */
export function AdminBlogEditor({ id }: { id: string | undefined }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  // The admin table's own read (every post, whole), usually already cached by the list.
  const posts = useAdminBlogPosts('');
  const categories = useMemo(
    () => [...new Set((posts.data ?? []).map((post) => post.category))].sort((a, b) => a.localeCompare(b)),
    [posts.data],
  );
  const creating = id === undefined;
  const post = creating ? null : posts.data?.find((candidate) => candidate.id === id);

  const onDone = (saved?: BlogPost) => {
    if (!saved) {
      navigate('/admin/blogs');
      return;
    }
    if (creating) {
      // The new post is in the list before the refetch lands, so its page opens at once.
      client.setQueryData<BlogPost[]>(adminBlogListKey(''), (list) => [saved, ...(list ?? [])]);
      navigate(blogAdminSchema.editor!.itemPath(saved), { replace: true });
    }
  };

  let body;
  if (creating || post) {
    const target: ContentTarget<BlogPost, BlogPostValues> = post ? { kind: 'edit', item: post } : { kind: 'new' };
    body = <ContentForm key={post?.id ?? 'new'} schema={blogAdminSchema.form} target={target} categories={categories} onDone={onDone} />;
  } else if (posts.isPending || posts.isFetching) {
    body = <LoadingMessage>Loading the post...</LoadingMessage>;
  } else if (posts.isError) {
    body = (
      <LoadFailed
        title={adminBlogTexts.listFailed}
        message={posts.error.message}
        onRetry={() => void posts.refetch()}
        retrying={posts.isFetching}
      />
    );
  } else {
    body = <Alert title={blogEditorTexts.notFound}>{blogEditorTexts.notFoundBody}</Alert>;
  }

  return (
    <AdminSectionPage path="/admin/blogs" wide>
      <Link
        to="/admin/blogs"
        className="mb-6 inline-flex items-center gap-2 font-semibold text-brand-dark hover:underline dark:text-brand-light"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {blogEditorTexts.back}
      </Link>
      {body}
    </AdminSectionPage>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Star, StarOff } from 'lucide-react';
import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostInput } from '@/api-types/BlogPostInput';
import { cn } from '@/components/ui/cn';
import { useUser } from '@/lib/auth/get-user';
import { formatLongDate } from '@/lib/content/dates';
import { toast } from '@/lib/toast-store';
import { BlogArticle } from '@/features/content/components/blog-article';
import { postImageSrc } from '@/features/content/components/post-image';
import { useCreateBlogPost } from '@/features/content/api/create-blog-post';
import { deleteBlogPost, useDeleteBlogPost } from '@/features/content/api/delete-blog-post';
import { adminBlogTexts, invalidateBlogQueries, useAdminBlogPosts } from '@/features/content/api/list-admin-blog-posts';
import { updateBlogPost, useUpdateBlogPost } from '@/features/content/api/update-blog-post';
import {
  blogPostFieldFor,
  blogPostInput,
  blogPostInputOf,
  blogPostSchema,
  blogPostValues,
  previewPost,
  type BlogPostValues,
} from './blog-post-model';
import type { ContentSchema } from './content-manager';

/** The featured switch of one row. */
function FeaturedSwitch({ post }: { post: BlogPost }) {
  const update = useUpdateBlogPost();
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    setBusy(true);
    update.mutate(
      { id: post.id, input: blogPostInputOf(post, { featured: !post.featured }) },
      {
        onSuccess: (saved) =>
          toast({ title: saved.featured ? 'Post featured' : 'Post no longer featured', description: saved.title }),
        onError: (error) => toast({ title: 'The post was not changed', description: error.message, variant: 'destructive' }),
        onSettled: () => setBusy(false),
      },
    );
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={post.featured}
      aria-label={`Featured: ${post.title}`}
      disabled={busy}
      onClick={toggle}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors disabled:opacity-60',
        post.featured
          ? 'border-brand-dark bg-brand-dark'
          : 'border-gray-500 bg-gray-200 dark:border-gray-400 dark:bg-gray-700',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block h-4 w-4 rounded-full bg-white shadow transition-transform',
          post.featured ? 'translate-x-5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

/** The live preview: the post exactly as its public page will show it once saved. */
function BlogPreview({ control, original }: { control: Control<BlogPostValues>; original: BlogPost | null }) {
  const values = useWatch({ control }) as BlogPostValues;
  const post = previewPost(values, original);
  return (
    <BlogArticle
      post={{ ...post, title: post.title || 'Untitled post', category: post.category || 'Category' }}
      image={postImageSrc(post)}
      headingLevel={2}
    />
  );
}

/** A new post's author is the signed-in user. */
function useBlogPostValues(post: BlogPost | null): BlogPostValues {
  const user = useUser();
  return blogPostValues(post, user.data?.name ?? '');
}

const setFeatured = (featured: boolean) => (post: BlogPost) =>
  updateBlogPost({ id: post.id, input: blogPostInputOf(post, { featured }) });

/**
 * The blog admin (/admin/blogs): every post, newest first, with its author,
 * date, views and the featured switch; the enhanced screen features and
 * unfeatures in bulk.
 */
export const blogAdminSchema: ContentSchema<BlogPost, BlogPostValues, BlogPostInput, 'publishedAt' | 'uvm'> = {
  path: '/admin/blogs',
  noun: 'post',
  publicName: 'the blog',
  publicPath: (post) => `/blog/${encodeURIComponent(post.id)}`,
  texts: {
    loading: 'Loading blog posts...',
    listFailed: adminBlogTexts.listFailed,
    empty: 'There are no blog posts yet.',
    caption: 'Blog posts',
  },
  useList: useAdminBlogPosts,
  invalidate: invalidateBlogQueries,
  useDelete: useDeleteBlogPost,
  remove: deleteBlogPost,
  sortValues: {
    title: (post) => post.title.toLowerCase(),
    category: (post) => post.category.toLowerCase(),
    publishedAt: (post) => Date.parse(post.publishedAt) || 0,
    uvm: (post) => post.uvm,
  },
  defaultSort: { key: 'publishedAt', direction: 'descending' },
  columns: [
    { label: 'Author', cell: (post) => <td className="break-words">{post.author}</td> },
    {
      label: 'Published',
      sortKey: 'publishedAt',
      cell: (post) => (
        <td className="whitespace-nowrap">
          <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
        </td>
      ),
    },
    {
      label: 'Views',
      sortKey: 'uvm',
      headerClassName: 'text-right',
      cell: (post) => <td className="text-right tabular-nums">{post.uvm.toLocaleString('en-US')}</td>,
    },
    {
      label: 'Featured',
      cell: (post) => (
        <td>
          <FeaturedSwitch post={post} />
        </td>
      ),
    },
  ],
  bulkActions: [
    {
      label: 'Feature',
      icon: Star,
      picks: (post) => !post.featured,
      none: 'Every selected post is already featured',
      action: setFeatured(true),
      done: 'featured',
    },
    {
      label: 'Unfeature',
      icon: StarOff,
      picks: (post) => post.featured,
      none: 'No selected post is featured',
      action: setFeatured(false),
      done: 'unfeatured',
    },
  ],
  form: {
    noun: 'post',
    resolver: zodResolver(blogPostSchema),
    useValues: useBlogPostValues,
    input: blogPostInput,
    fieldFor: blogPostFieldFor,
    useCreate: useCreateBlogPost,
    useUpdate: useUpdateBlogPost,
    gridFields: [
      { kind: 'input', name: 'author', label: 'Author', maxLength: 200 },
      {
        kind: 'input',
        name: 'publishedDate',
        label: 'Publication date',
        type: 'date',
        hint: 'Leave empty to publish with the current date and time.',
      },
      { kind: 'input', name: 'readTime', label: 'Read time', placeholder: '5 min read', maxLength: 80 },
    ],
    fields: [
      { kind: 'input', name: 'sourceUrl', label: 'Source URL', hint: 'Optional: where the article first appeared.' },
      { kind: 'textarea', name: 'excerpt', label: 'Excerpt', rows: 3 },
      {
        kind: 'textarea',
        name: 'fullContent',
        label: 'Content',
        rows: 10,
        enhancedRows: 16,
        hint: 'Plain text: each new line is shown as a line break.',
      },
      {
        kind: 'checkbox',
        name: 'featured',
        label: 'Featured',
        hint: 'A featured post is shown in the Featured card at the top of /blog.',
      },
    ],
    Preview: BlogPreview,
  },
};

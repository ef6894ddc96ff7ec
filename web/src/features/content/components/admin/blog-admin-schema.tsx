import { zodResolver } from '@hookform/resolvers/zod';
import { Star, StarOff } from 'lucide-react';
import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBlogPreview } from '@/features/content/api/preview-blog-post';
import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostInput } from '@/api-types/BlogPostInput';
import { postLimits } from '@/api-types/input-limits';
import { cn } from '@/lib/cn';
import { useUser } from '@/lib/auth/get-user';
import { formatLongDate } from '@/lib/content/dates';
import { toast } from '@/lib/toast-store';
import { BlogArticle } from '@/features/content/components/blog-article';
import { postImageSrc } from '../../lib/post-image';
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
  languageOptions,
  adminLanguageNames,
  previewPost,
  publishNow,
  schedule,
  type BlogPostValues,
} from '../../lib/blog-post-model';
import { typingCap } from '../../lib/content-rules';
import type { ContentSchema } from './content-manager';
import { MarkdownField } from './markdown-field';
import { TranslationField } from './translation-field';

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

/** How long the content rests before the server renders the preview. */
export const previewDebounceMs = 400;

/**
 * The live preview: the post exactly as its public page will show it once
 * saved, its content rendered by the server's renderer (so the preview is
 * the page); the last preview stays while the next one renders.
 */
function BlogPreview({ control, original }: { control: Control<BlogPostValues>; original: BlogPost | null }) {
  const values = useWatch({ control }) as BlogPostValues;
  const content = useDebouncedValue(values.fullContent ?? '', previewDebounceMs);
  const rendered = useBlogPreview(content, values.contentFormat ?? 'markdown', values.language ?? 'en');
  const post = previewPost(values, original, rendered.data);
  return (
    <>
      <div aria-live="polite" className="px-4 pt-3 text-sm">
        {rendered.isError ? (
          <Alert title="The preview could not be rendered">{rendered.error.message}</Alert>
        ) : rendered.isFetching ? (
          <span className="inline-flex items-center gap-2 text-gray-700 dark:text-gray-300">
            <Spinner />
            Rendering preview…
          </span>
        ) : null}
      </div>
      <BlogArticle
        post={{ ...post, title: post.title || 'Untitled post', category: post.category || 'Category' }}
        image={postImageSrc(post)}
        headingLevel={2}
      />
    </>
  );
}

/** Draft, scheduled or published, as the table says it. */
function statusOf(post: BlogPost, now = Date.now()): { label: string; className: string } {
  if (post.status === 'draft') return { label: 'Draft', className: 'bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100' };
  if (Date.parse(post.publishedAt) > now)
    return { label: 'Scheduled', className: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-100' };
  return { label: 'Published', className: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100' };
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
  // A post in another language: its page moves to its own address (blog-post-page).
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
    {
      label: 'Status',
      cell: (post) => {
        const status = statusOf(post);
        return (
          <td>
            <div className="flex flex-wrap items-start gap-1">
              <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
              {/* A post not in English says its language here: a column of its own would not fit at 1366 px. */}
              {post.language !== 'en' && (
                <span className="inline-block rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800 dark:bg-gray-800 dark:text-gray-100">
                  {adminLanguageNames[post.language]}
                </span>
              )}
            </div>
          </td>
        );
      },
    },
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
      { kind: 'input', name: 'author', label: 'Author', maxLength: typingCap(postLimits.authorChars) },
      {
        kind: 'select',
        name: 'language',
        label: 'Language',
        options: languageOptions,
        hint: 'The language the post is written in: its page is at that language’s address (/fr/blog/…).',
      },
      { kind: 'custom', name: 'translationOf', render: (control) => <TranslationField control={control} /> },
      {
        kind: 'select',
        name: 'status',
        label: 'Status',
        options: [
          { value: 'draft', label: 'Draft' },
          { value: 'published', label: 'Published' },
        ],
        hint: 'A draft is seen by admins only; a published post is public from its publication time.',
      },
      {
        kind: 'input',
        name: 'publishedAt',
        label: 'Publication date and time (Nairobi)',
        type: 'datetime-local',
        hint: 'Pick a later time and press Schedule: the post goes public then. Publish now makes it public at once.',
      },
      {
        kind: 'input',
        name: 'readTime',
        label: 'Read time',
        placeholder: 'Computed from the length',
        maxLength: typingCap(postLimits.readTimeChars),
        hint: 'Empty: about 200 words a minute.',
      },
    ],
    fields: [
      { kind: 'input', name: 'sourceUrl', label: 'Source URL', hint: 'Optional: where the article first appeared.' },
      { kind: 'textarea', name: 'excerpt', label: 'Excerpt', rows: 3 },
      { kind: 'custom', name: 'fullContent', render: (control) => <MarkdownField control={control} /> },
      {
        kind: 'checkbox',
        name: 'featured',
        label: 'Featured',
        hint: 'A featured post is shown in the Featured card at the top of /blog.',
      },
    ],
    actions: [
      { label: 'Publish now', apply: (values) => publishNow(values), done: 'Post published' },
      { label: 'Schedule', apply: (values) => schedule(values), done: 'Post scheduled' },
    ],
    Preview: BlogPreview,
  },
  editor: {
    newPath: '/admin/blogs/new',
    itemPath: (post) => `/admin/blogs/${encodeURIComponent(post.id)}`,
  },
};

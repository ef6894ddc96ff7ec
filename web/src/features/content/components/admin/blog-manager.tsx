import { Pencil, Plus, Star, StarOff, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPost } from '@/api-types/BlogPost';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SearchField } from '@/components/ui/search-field';
import { LoadingMessage } from '@/components/ui/spinner';
import { limits } from '@/config/site';
import { formatLongDate } from '@/lib/content/dates';
import { toast } from '@/lib/toast-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { deleteBlogPost, useDeleteBlogPost } from '@/features/content/api/delete-blog-post';
import { adminBlogTexts, invalidateBlogQueries, useAdminBlogPosts } from '@/features/content/api/list-admin-blog-posts';
import { updateBlogPost, useUpdateBlogPost } from '@/features/content/api/update-blog-post';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { blogPostInputOf } from './blog-post-model';
import { BlogPostForm } from './blog-post-form';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import {
  EmptyList,
  headRowClass,
  ListCount,
  LoadFailed,
  RowAction,
  rowClass,
  SelectAllCheckbox,
  tableClass,
} from '@/components/admin/list-states';
import { SortHeader, useSorted } from '@/components/admin/sortable';
import { countOf, reportBulk, titleList, useBulkAction } from '@/lib/use-bulk-action';
import { useSelection } from '@/lib/use-selection';

type Editing = { kind: 'new' } | { kind: 'edit'; post: BlogPost } | null;
type SortKey = 'title' | 'category' | 'publishedAt' | 'uvm';

const sortValues: Record<SortKey, (post: BlogPost) => string | number> = {
  title: (post) => post.title.toLowerCase(),
  category: (post) => post.category.toLowerCase(),
  publishedAt: (post) => Date.parse(post.publishedAt) || 0,
  uvm: (post) => post.uvm,
};

/** The featured switch of one row. */
function FeaturedSwitch({ post, busy, onToggle }: { post: BlogPost; busy: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={post.featured}
      aria-label={`Featured: ${post.title}`}
      disabled={busy}
      onClick={onToggle}
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

/**
 * The blog admin: a searchable, sortable table of every post (newest first)
 * with create, edit, delete (confirmed) and the featured switch. The enhanced
 * screen adds bulk selection (feature, unfeature, delete) and opens posts in
 * the editor with inline upload and live preview.
 */
export function BlogManager({ enhanced }: { enhanced: boolean }) {
  const path = enhanced ? '/admin/blogs/enhanced' : '/admin/blogs';
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, limits.searchDebounceMs);
  const posts = useAdminBlogPosts(search);
  const everyPost = useAdminBlogPosts('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [switching, setSwitching] = useState<string | null>(null);
  const update = useUpdateBlogPost();
  const remove = useDeleteBlogPost();
  const bulk = useBulkAction<BlogPost>(invalidateBlogQueries);

  const rows = useMemo(() => posts.data ?? [], [posts.data]);
  const { sorted, sort, sortBy } = useSorted<BlogPost, SortKey>(rows, sortValues, { key: 'publishedAt', direction: 'descending' });
  const ids = useMemo(() => sorted.map((post) => post.id), [sorted]);
  const selection = useSelection(ids);
  const selected = sorted.filter((post) => selection.isSelected(post.id));
  const categories = useMemo(
    () => [...new Set((everyPost.data ?? []).map((post) => post.category))].sort((a, b) => a.localeCompare(b)),
    [everyPost.data],
  );

  if (editing) {
    return (
      <AdminSectionPage path={path} wide={enhanced}>
        <BlogPostForm
          post={editing.kind === 'edit' ? editing.post : null}
          categories={categories}
          enhanced={enhanced}
          onDone={() => setEditing(null)}
        />
      </AdminSectionPage>
    );
  }

  const toggleFeatured = (post: BlogPost) => {
    setSwitching(post.id);
    update.mutate(
      { id: post.id, input: blogPostInputOf(post, { featured: !post.featured }) },
      {
        onSuccess: (saved) =>
          toast({ title: saved.featured ? 'Post featured' : 'Post no longer featured', description: saved.title }),
        onError: (error) => toast({ title: 'The post was not changed', description: error.message, variant: 'destructive' }),
        onSettled: () => setSwitching(null),
      },
    );
  };

  const setFeatured = (featured: boolean) => {
    const items = selected.filter((post) => post.featured !== featured);
    if (items.length === 0) {
      toast({ title: featured ? 'Every selected post is already featured' : 'No selected post is featured' });
      return;
    }
    bulk.mutate(
      { items, action: (post) => updateBlogPost({ id: post.id, input: blogPostInputOf(post, { featured }) }) },
      {
        onSuccess: (outcome) => {
          reportBulk(outcome, (post) => post.title, 'post', featured ? 'featured' : 'unfeatured');
          selection.clear();
        },
      },
    );
  };

  const deleteSelected = () => {
    bulk.mutate(
      { items: selected, action: (post) => deleteBlogPost(post.id) },
      {
        onSuccess: (outcome) => {
          reportBulk(outcome, (post) => post.title, 'post', 'deleted');
          selection.clear();
        },
        onSettled: () => setConfirmBulkDelete(false),
      },
    );
  };

  const newButton = (
    <Button onClick={() => setEditing({ kind: 'new' })}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      New post
    </Button>
  );

  let body;
  if (posts.isPending) {
    body = <LoadingMessage>Loading blog posts...</LoadingMessage>;
  } else if (posts.isError && !posts.data) {
    body = (
      <LoadFailed
        title={adminBlogTexts.listFailed}
        message={posts.error.message}
        onRetry={() => void posts.refetch()}
        retrying={posts.isFetching}
      />
    );
  } else if (sorted.length === 0) {
    body = search.trim() ? (
      <EmptyList>No posts match “{search.trim()}”.</EmptyList>
    ) : (
      <EmptyList action={newButton}>There are no blog posts yet.</EmptyList>
    );
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <caption className="sr-only">Blog posts</caption>
          <thead>
            <tr className={headRowClass}>
              {enhanced && (
                <th scope="col" className="w-10">
                  <SelectAllCheckbox
                    label="Select all posts"
                    checked={selection.allSelected}
                    mixed={selection.partlySelected}
                    onChange={selection.toggleAll}
                  />
                </th>
              )}
              <SortHeader label="Title" column="title" sort={sort} onSort={sortBy} />
              <SortHeader label="Category" column="category" sort={sort} onSort={sortBy} />
              <th scope="col">Author</th>
              <SortHeader label="Published" column="publishedAt" sort={sort} onSort={sortBy} />
              <SortHeader label="Views" column="uvm" sort={sort} onSort={sortBy} className="text-right" />
              <th scope="col">Featured</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((post) => (
              <tr key={post.id} className={rowClass}>
                {enhanced && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${post.title}`}
                      checked={selection.isSelected(post.id)}
                      onChange={() => selection.toggle(post.id)}
                      className="h-4 w-4 accent-brand-dark"
                    />
                  </td>
                )}
                <th scope="row" className="max-w-xs font-semibold break-words">
                  <Link
                    to={`/blog/${encodeURIComponent(post.id)}`}
                    className="hover:underline"
                    aria-label={`${post.title} (view on the blog)`}
                  >
                    {post.title}
                  </Link>
                </th>
                <td className="break-words">{post.category}</td>
                <td className="break-words">{post.author}</td>
                <td className="whitespace-nowrap">
                  <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
                </td>
                <td className="text-right tabular-nums">{post.uvm.toLocaleString('en-US')}</td>
                <td>
                  <FeaturedSwitch post={post} busy={switching === post.id} onToggle={() => toggleFeatured(post)} />
                </td>
                <td>
                  <div className="flex justify-end gap-1">
                    <RowAction label="Edit" subject={post.title} icon={Pencil} onClick={() => setEditing({ kind: 'edit', post })} />
                    <RowAction label="Delete" subject={post.title} icon={Trash2} danger onClick={() => setDeleting(post)} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <AdminSectionPage path={path} wide={enhanced}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="w-full max-w-md">
          <SearchField label="Search posts" placeholder="Search posts..." value={searchText} onChange={setSearchText} />
        </div>
        {newButton}
      </div>
      <ListCount count={posts.data?.length} noun="post" search={search} updating={posts.isFetching && !posts.isPending} />
      {enhanced && sorted.length > 0 && (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-800"
        >
          <span className="mr-2 text-sm font-semibold">
            {selection.ids.length === 0 ? 'Select posts to act on several at once' : `${countOf(selection.ids.length, 'post')} selected`}
          </span>
          <Button variant="secondary" disabled={selection.ids.length === 0 || bulk.isPending} onClick={() => setFeatured(true)}>
            <Star aria-hidden="true" className="h-4 w-4" />
            Feature
          </Button>
          <Button variant="secondary" disabled={selection.ids.length === 0 || bulk.isPending} onClick={() => setFeatured(false)}>
            <StarOff aria-hidden="true" className="h-4 w-4" />
            Unfeature
          </Button>
          <Button
            variant="secondary"
            disabled={selection.ids.length === 0 || bulk.isPending}
            onClick={() => setConfirmBulkDelete(true)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
          {selection.ids.length > 0 && (
            <Button variant="ghost" onClick={selection.clear} disabled={bulk.isPending}>
              Clear selection
            </Button>
          )}
        </div>
      )}
      <div className="mt-4">{body}</div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this post?"
        confirmLabel="Delete post"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Post deleted', description: deleting.title }),
            onError: (error) => toast({ title: 'The post was not deleted', description: error.message, variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>
          “{deleting?.title}” will be removed from the blog at once. This cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmBulkDelete}
        title={`Delete ${countOf(selected.length, 'post')}?`}
        confirmLabel={`Delete ${countOf(selected.length, 'post')}`}
        destructive
        busy={bulk.isPending}
        onCancel={() => setConfirmBulkDelete(false)}
        onConfirm={deleteSelected}
      >
        <p>These posts will be removed from the blog at once. This cannot be undone.</p>
        <ul className="mt-2 list-disc pl-6">
          {titleList(selected.map((post) => post.title)).map((title, index) => (
            <li key={index} className="break-words">
              {title}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </AdminSectionPage>
  );
}

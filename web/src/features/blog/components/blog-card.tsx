import { Calendar, Clock, User } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { BlogPost } from '@/api-types/BlogPost';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { formatLongDate } from '@/lib/content/dates';
import { CategoryBadge } from './category-badge';
import { postImageSrc } from './post-image';

export const defaultReadTime = '5 min read';

/** Author, date and read time of a post, in one line of small print. */
export function PostByline({ post }: { post: BlogPost }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
      <span className="inline-flex items-center gap-1">
        <User aria-hidden="true" className="h-4 w-4" />
        {post.author}
      </span>
      <span className="inline-flex items-center gap-1">
        <Calendar aria-hidden="true" className="h-4 w-4" />
        <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="h-4 w-4" />
        {post.readTime?.trim() || defaultReadTime}
      </span>
    </p>
  );
}

/**
 * A post in the Latest Articles grid (or the Featured card when `featured`):
 * the whole card is one link to /blog/{id}, named by the title.
 */
export function BlogCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <article
      className={
        featured
          ? 'relative grid overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand md:grid-cols-2 dark:border-gray-700 dark:bg-gray-900'
          : 'relative flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand dark:border-gray-700 dark:bg-gray-900'
      }
    >
      <FallbackImage
        src={postImageSrc(post)}
        alt=""
        width={640}
        height={360}
        className={featured ? 'h-56 w-full object-cover md:h-full' : 'h-48 w-full object-cover'}
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <div className="flex flex-wrap items-center gap-2">
          {featured && (
            <span className="rounded-full bg-brand-dark px-3 py-1 text-xs font-semibold text-white">Featured</span>
          )}
          <CategoryBadge category={post.category} />
        </div>
        <h3 className={featured ? 'text-2xl font-bold break-words' : 'text-lg font-bold break-words'}>
          <Link
            to={`/blog/${encodeURIComponent(post.id)}`}
            className="after:absolute after:inset-0 hover:text-brand-dark focus:outline-none dark:hover:text-brand-light"
          >
            {post.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-gray-700 dark:text-gray-300">{post.excerpt}</p>
        <div className="mt-auto">
          <PostByline post={post} />
        </div>
      </div>
    </article>
  );
}

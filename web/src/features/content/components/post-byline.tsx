// The blog's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blog';
import { Calendar, Clock, User } from 'lucide-react';
import type { BlogPost } from '@/api-types/BlogPost';
import { t } from '@/i18n/i18n';
import { formatLongDate } from '@/lib/content/dates';

/** What a post without its own read time shows (spec §3), in the page's language. */
export const defaultReadTime = () => t('blog.byline.defaultReadTime');

/** Author, date and read time of a post, in one line of small print. */
export function PostByline({ post }: { post: Pick<BlogPost, 'author' | 'publishedAt' | 'readTime'> }) {
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
        {post.readTime?.trim() || defaultReadTime()}
      </span>
    </p>
  );
}

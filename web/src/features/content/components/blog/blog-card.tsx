// The blog's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blog';
import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '@/api-types/BlogPostSummary';
import { CategoryBadge } from '@/features/content/components/category-badge';
import { PostByline } from '@/features/content/components/post-byline';
import { postImageSrc } from '../../lib/post-image';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { t } from '@/i18n/i18n';

/**
 * A post in the Latest Articles grid (or the Featured card when `featured`):
 * the whole card is one link to /blog/{id}, named by the title. The first
 * card on the page (`first`) loads its image at once and first: it is what
 * a phone shows above the fold, the page's largest paint, and the served
 * HTML preloads it (gateway `site/first_image.rs`: same address, no srcset).
 */
export function BlogCard({
  post,
  featured = false,
  first = false,
}: {
  post: BlogPostSummary;
  featured?: boolean;
  first?: boolean;
}) {
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
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        className={featured ? 'h-56 w-full object-cover md:h-full' : 'h-48 w-full object-cover'}
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <div className="flex flex-wrap items-center gap-2">
          {featured && (
            <span className="rounded-full bg-brand-dark px-3 py-1 text-xs font-semibold text-white">{t('blog.card.featured')}</span>
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

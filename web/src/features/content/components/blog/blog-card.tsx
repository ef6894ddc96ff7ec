// The blog's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blog';
import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '@/api-types/BlogPostSummary';
import { CategoryBadge } from '@/features/content/components/category-badge';
import { PostByline } from '@/features/content/components/post-byline';
import { postImageSrc } from '../../lib/post-image';
import { FallbackImage } from '@/components/marketing/fallback-image';
import type { Language } from '@/api-types/Language';
import { activeLocale, t } from '@/i18n/i18n';
import { otherLanguage, postLink } from '../../lib/content-language';
import { LanguageBadge } from '../language-badge';

/** A language's name in the page's language, for the badge of a post in another. */
export const blogLanguageNames: Record<Language, () => string> = {
  en: () => t('blog.language.en'),
  fr: () => t('blog.language.fr'),
  sw: () => t('blog.language.sw'),
};

/**
 * A post in the Latest Articles grid (or the Featured card when `featured`):
 * the whole card is one link to /blog/{id}, named by the title. A post in
 * another language than the page's is labelled with it, its texts marked
 * with it, and its link loads its page at its own address. The first
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
  const locale = activeLocale();
  const other = otherLanguage(post.language, locale);
  const link = postLink(post, locale);
  const linkClass = 'after:absolute after:inset-0 hover:text-brand-dark focus:outline-none dark:hover:text-brand-light';
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
          {other && <LanguageBadge label={blogLanguageNames[other]()} />}
        </div>
        <h3 lang={other ?? undefined} className={featured ? 'text-2xl font-bold break-words' : 'text-lg font-bold break-words'}>
          {'to' in link ? (
            <Link to={link.to} className={linkClass}>
              {post.title}
            </Link>
          ) : (
            <a href={link.href} hrefLang={post.language} className={linkClass}>
              {post.title}
            </a>
          )}
        </h3>
        <p lang={other ?? undefined} className="line-clamp-3 text-gray-700 dark:text-gray-300">
          {post.excerpt}
        </p>
        <div className="mt-auto">
          <PostByline post={post} />
        </div>
      </div>
    </article>
  );
}

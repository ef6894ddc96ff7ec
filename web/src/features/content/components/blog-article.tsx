// The blog post page's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blogPost';
import { ExternalLink, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BlogPost } from '@/api-types/BlogPost';
import { ActionLink } from '@/components/marketing/action-link';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { t } from '@/i18n/i18n';
import { isSafeHref } from '../lib/links';
import { CategoryBadge } from './category-badge';
import { PostByline } from './post-byline';

/** What the article shows of a post. */
export type ArticlePost = Pick<
  BlogPost,
  'title' | 'excerpt' | 'fullContent' | 'contentHtml' | 'category' | 'author' | 'publishedAt' | 'readTime' | 'sourceUrl' | 'uvm'
>;

/** The look of rendered post content: headings, lists, links, code, quotes, tables and images, light and dark. */
export const proseClass = [
  'mt-8 text-lg leading-relaxed break-words text-gray-800 dark:text-gray-200',
  '[&_p]:my-5 [&_p:first-child]:mt-0',
  '[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-gray-900 dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-gray-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h5]:mt-6 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:font-semibold',
  '[&_strong]:font-semibold [&_strong]:text-gray-900 dark:[&_strong]:text-white',
  '[&_a]:font-medium [&_a]:text-brand-dark [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:no-underline dark:[&_a]:text-brand-light',
  '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li>ul]:my-1 [&_li>ol]:my-1',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-dark [&_blockquote]:pl-4 [&_blockquote]:text-gray-700 [&_blockquote]:italic dark:[&_blockquote]:border-brand-light dark:[&_blockquote]:text-gray-300',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] dark:[&_code]:bg-gray-800',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-gray-100 dark:[&_pre]:bg-black/60',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit dark:[&_pre_code]:bg-transparent',
  '[&_hr]:my-10 [&_hr]:border-gray-200 dark:[&_hr]:border-gray-700',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-base',
  '[&_th]:border-b-2 [&_th]:border-gray-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold dark:[&_th]:border-gray-600',
  '[&_td]:border-b [&_td]:border-gray-200 [&_td]:px-3 [&_td]:py-2 dark:[&_td]:border-gray-700',
].join(' ');

/** The content as the server rendered and sanitised it; the plain text (each newline a line break) until it has. */
function PostContent({ html, text }: { html: string | null; text: string }) {
  if (html !== null) {
    // Sanitised on the server (gateway/src/content/markdown.rs): only Markdown's own tags, no raw HTML.
    return <div className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  const lines = text.split(/\r?\n/);
  return (
    <div className={proseClass}>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          {index < lines.length - 1 && <br />}
        </span>
      ))}
    </div>
  );
}

/**
 * A blog post as readers see it: category badge, title, byline, views (once it has any),
 * actions and Original Source, image, excerpt and content. The public post
 * page and the admin preview both render this, so the preview is the page.
 * `image` is the source already chosen (inline data, path rule or default);
 * the title is an h1 on the page and an h2 inside the admin screen.
 */
export function BlogArticle({
  post,
  image,
  headingLevel = 1,
  actions,
  before,
  after,
}: {
  post: ArticlePost;
  image: string;
  headingLevel?: 1 | 2;
  /** Buttons beside Original Source (the page's Share). */
  actions?: ReactNode;
  /** Above the header and below the content (the page's Back to Blog links). */
  before?: ReactNode;
  after?: ReactNode;
}) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const source = isSafeHref(post.sourceUrl) ? post.sourceUrl.trim() : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 lg:px-8">
      {before}
      <header className={before ? 'mt-6' : undefined}>
        <CategoryBadge category={post.category} />
        <Title className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-4xl">{post.title}</Title>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <PostByline post={post} />
          {/* No "0 views": the count shows once a post has been read. */}
          {post.uvm > 0 && (
            <span className="inline-flex items-center gap-1 text-sm text-gray-700 dark:text-gray-300">
              <Eye aria-hidden="true" className="h-4 w-4" />
              {t('blogPost.views', { count: post.uvm })}
            </span>
          )}
        </div>
        {(actions || source) && (
          <div className="mt-6 flex flex-wrap gap-3">
            {actions}
            {source && (
              <ActionLink href={source} variant="secondary">
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                {t('blogPost.originalSource')}
              </ActionLink>
            )}
          </div>
        )}
      </header>
      <FallbackImage
        src={image}
        alt={post.title}
        width={1200}
        height={630}
        loading="eager"
        // The page's largest paint: the served HTML preloads it at this priority (gateway site/first_image.rs).
        fetchPriority="high"
        className="mt-8 h-auto w-full rounded-xl object-cover"
      />
      {post.excerpt && (
        <p className="mt-8 text-xl font-medium break-words text-gray-800 dark:text-gray-200">{post.excerpt}</p>
      )}
      <PostContent html={post.contentHtml} text={post.fullContent} />
      {after && <div className="mt-12 border-t border-gray-200 pt-6 dark:border-gray-700">{after}</div>}
    </article>
  );
}

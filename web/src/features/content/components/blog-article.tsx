import { ExternalLink, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BlogPost } from '@/api-types/BlogPost';
import { ActionLink } from '@/components/marketing/action-link';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { isSafeHref } from '@/lib/content/links';
import { CategoryBadge } from './category-badge';
import { PostByline } from './post-byline';

/** What the article shows of a post. */
export type ArticlePost = Pick<
  BlogPost,
  'title' | 'excerpt' | 'fullContent' | 'category' | 'author' | 'publishedAt' | 'readTime' | 'sourceUrl' | 'uvm'
>;

/** The content as text, each newline a line break (never HTML). */
function PostContent({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <div className="mt-8 text-lg leading-relaxed break-words text-gray-800 dark:text-gray-200">
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
 * A blog post as readers see it: category badge, title, byline, views,
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
          <span className="inline-flex items-center gap-1 text-sm text-gray-700 dark:text-gray-300">
            <Eye aria-hidden="true" className="h-4 w-4" />
            {post.uvm.toLocaleString('en-US')} {post.uvm === 1 ? 'view' : 'views'}
          </span>
        </div>
        {(actions || source) && (
          <div className="mt-6 flex flex-wrap gap-3">
            {actions}
            {source && (
              <ActionLink href={source} variant="secondary">
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                Original Source
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
        className="mt-8 h-auto w-full rounded-xl object-cover"
      />
      {post.excerpt && (
        <p className="mt-8 text-xl font-medium break-words text-gray-800 dark:text-gray-200">{post.excerpt}</p>
      )}
      <PostContent text={post.fullContent} />
      {after && <div className="mt-12 border-t border-gray-200 pt-6 dark:border-gray-700">{after}</div>}
    </article>
  );
}

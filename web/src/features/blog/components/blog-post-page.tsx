import { ArrowLeft, ExternalLink, Eye } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ActionLink } from '@/components/marketing/action-link';
import { defaultServerImage, FallbackImage } from '@/components/marketing/fallback-image';
import { canonicalUrl, PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { isSafeHref } from '@/lib/content/links';
import { routeMeta } from '@/lib/route-meta';
import { useBlogImageData } from '../api/get-blog-image-data';
import { useBlogPost } from '../api/get-blog-post';
import { PostByline } from './blog-card';
import { CategoryBadge } from './category-badge';
import { postImageSrc } from './post-image';
import { ShareButton } from './share-button';

const backClass =
  'inline-flex items-center gap-2 text-sm font-semibold text-brand-dark hover:underline dark:text-brand-light';

function BackToBlog() {
  return (
    <Link to="/blog" className={backClass}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Blog
    </Link>
  );
}

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

function NotFound() {
  const meta = routeMeta('/blog/:id');
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <PageMeta title="Post Not Found | Nyota Cloud" description={meta.description} type="website" />
      <h1 className="text-3xl font-bold">Post Not Found</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">The blog post you're looking for doesn't exist.</p>
      <div className="mt-8">
        <BackToBlog />
      </div>
    </section>
  );
}

/** /blog/:id: one post, its byline, views, Share, Original Source, image and content. */
export default function BlogPostPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const meta = routeMeta('/blog/:id');
  const post = useBlogPost(id);
  const imageData = useBlogImageData(post.data);

  if (post.isPending) return <LoadingMessage>Loading blog post...</LoadingMessage>;
  if (post.isError) return <NotFound />;

  const data = post.data;
  const image = postImageSrc(data, imageData.data?.imageData);
  const url = canonicalUrl(pathname);
  const previewImage = isSafeHref(image) && image !== defaultServerImage ? image : undefined;

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 lg:px-8">
      <PageMeta
        title={`${data.title} | ${site.company}`}
        description={data.excerpt || meta.description}
        keywords={`${data.category}, ${meta.keywords}`}
        type="article"
        image={previewImage}
        publishedTime={data.publishedAt}
      />
      <BackToBlog />
      <header className="mt-6">
        <CategoryBadge category={data.category} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-4xl">{data.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <PostByline post={data} />
          <span className="inline-flex items-center gap-1 text-sm text-gray-700 dark:text-gray-300">
            <Eye aria-hidden="true" className="h-4 w-4" />
            {data.uvm.toLocaleString('en-US')} {data.uvm === 1 ? 'view' : 'views'}
          </span>
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <ShareButton title={data.title} text={data.excerpt} url={url} />
          {isSafeHref(data.sourceUrl) && (
            <ActionLink href={data.sourceUrl.trim()} variant="secondary">
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              Original Source
            </ActionLink>
          )}
        </div>
      </header>
      <FallbackImage
        src={image}
        alt={data.title}
        width={1200}
        height={630}
        loading="eager"
        className="mt-8 h-auto w-full rounded-xl object-cover"
      />
      {data.excerpt && (
        <p className="mt-8 text-xl font-medium break-words text-gray-800 dark:text-gray-200">{data.excerpt}</p>
      )}
      <PostContent text={data.fullContent} />
      <div className="mt-12 border-t border-gray-200 pt-6 dark:border-gray-700">
        <BackToBlog />
      </div>
    </article>
  );
}

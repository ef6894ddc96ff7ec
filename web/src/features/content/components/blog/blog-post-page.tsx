// The blog post page's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blogPost';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { BlogArticle } from '@/features/content/components/blog-article';
import { postImageSrc } from '../../lib/post-image';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { canonicalUrl, PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { isSafeHref } from '../../lib/links';
import { routeMeta } from '@/lib/route-meta';
import { useBlogImageData } from '@/features/content/api/get-blog-image-data';
import { useBlogPost } from '@/features/content/api/get-blog-post';
import { ShareButton } from './share-button';

const backClass =
  'inline-flex items-center gap-2 text-sm font-semibold text-brand-dark hover:underline dark:text-brand-light';

function BackToBlog() {
  return (
    <Link to="/blog" className={backClass}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('blogPost.back')}
    </Link>
  );
}

function NotFound() {
  const meta = routeMeta('/blog/:id');
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <PageMeta title={t('blogPost.notFoundTitle', { company: site.company })} description={meta.description} type="website" />
      <h1 className="text-3xl font-bold">{t('blogPost.notFound')}</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">{t('blogPost.notFoundText')}</p>
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

  if (post.isPending) {
    // A screen tall, so the footer stays below the fold until the item arrives
    // (it jumped down into view: Lighthouse's layout shift of 1.14 on a post).
    return (
      <div className="min-h-svh">
        <LoadingMessage>{t('blogPost.loading')}</LoadingMessage>
      </div>
    );
  }
  if (post.isError) return <NotFound />;

  const data = post.data;
  const image = postImageSrc(data, imageData.data?.imageData);
  const url = canonicalUrl(pathname);
  const previewImage = isSafeHref(image) && image !== defaultServerImage ? image : undefined;

  return (
    <>
      <PageMeta
        title={`${data.title} | ${site.company}`}
        description={data.excerpt || meta.description}
        keywords={`${data.category}, ${meta.keywords}`}
        type="article"
        image={previewImage}
        publishedTime={data.publishedAt}
      />
      <BlogArticle
        post={data}
        image={image}
        before={<BackToBlog />}
        actions={<ShareButton title={data.title} text={data.excerpt} url={url} />}
        after={<BackToBlog />}
      />
    </>
  );
}

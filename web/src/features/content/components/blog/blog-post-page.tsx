// The blog post page's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blogPost';
import { ArrowLeft, Languages } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { BlogPost } from '@/api-types/BlogPost';
import { BlogArticle } from '@/features/content/components/blog-article';
import { postImageSrc } from '../../lib/post-image';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { canonicalUrl, PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { activeLocale, t } from '@/i18n/i18n';
import { readInNames } from '@/i18n/locales';
import { postPagePath } from '../../lib/content-language';
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

/** Links to the post's translations, each named in its own language ("Lire en français"). */
function Translations({ post }: { post: BlogPost }) {
  if (post.translations.length === 0) return null;
  return (
    <nav aria-label={t('blogPost.translations')} className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Languages aria-hidden="true" className="h-4 w-4 text-gray-700 dark:text-gray-300" />
      {post.translations.map((translation) => (
        <a
          key={translation.id}
          href={translation.path}
          hrefLang={translation.language}
          lang={translation.language}
          className="text-sm font-semibold text-brand-dark underline underline-offset-2 hover:no-underline dark:text-brand-light"
        >
          {readInNames[translation.language]}
        </a>
      ))}
    </nav>
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
  // A post's page is at its language's address (the server redirects
  // there; an address the app reached itself is replaced the same way).
  const elsewhere = post.data && post.data.language !== activeLocale() ? postPagePath(post.data) : null;
  useEffect(() => {
    if (elsewhere) window.location.replace(elsewhere);
  }, [elsewhere]);

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
        actions={
          <>
            <ShareButton title={data.title} text={data.excerpt} url={url} />
            <Translations post={data} />
          </>
        }
        after={<BackToBlog />}
      />
    </>
  );
}

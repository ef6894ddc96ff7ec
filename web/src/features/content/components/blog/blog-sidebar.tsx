// The blog's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blog';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { categoryColour } from '@/features/content/components/category-badge';
import { Alert } from '@/components/ui/alert';
import { useBlogFacets } from '@/features/content/api/get-blog-facets';
import { t } from '@/i18n/i18n';

/** Grey bars where a list will be, while the facets load (nothing to read yet). */
function Placeholder({ lines }: { lines: number }) {
  return (
    <div aria-hidden="true" className="mt-4 flex animate-pulse flex-col gap-3">
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="h-4 rounded bg-gray-200 dark:bg-gray-700" style={{ width: `${90 - index * 10}%` }} />
      ))}
    </div>
  );
}

/**
 * Popular Articles (5 by views, numbered), Categories with counts, and the
 * Stay Updated box. While the facets load both boxes show placeholders; a
 * failed read says so in Popular Articles and leaves Categories out, as
 * does a blog without posts.
 */
export function BlogSidebar({
  onCategory,
  subscribeBox,
}: {
  onCategory: (category: string) => void;
  /** The Stay Updated box. */
  subscribeBox: ReactNode;
}) {
  const categories = useBlogFacets();
  const summary = categories.data;
  const empty = summary !== undefined && summary.counts.length === 0;
  return (
    <aside aria-label={t('blog.sidebar.label')} className="flex flex-col gap-8">
      {!empty && (
        <section
          aria-labelledby="popular-heading"
          aria-busy={categories.isPending}
          className="rounded-xl border border-gray-200 p-6 dark:border-gray-700"
        >
          <h2 id="popular-heading" className="text-lg font-bold">
            {t('blog.sidebar.popular')}
          </h2>
          {categories.isPending && <Placeholder lines={5} />}
          {categories.isError && (
            <div className="mt-4">
              <Alert title={categories.error.message} />
            </div>
          )}
          {summary && (
            <ol className="mt-4 flex flex-col gap-4">
              {summary.popular.map((post, index) => (
                <li key={post.id} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-pink-100 text-sm font-bold text-pink-900 dark:bg-pink-950 dark:text-pink-100"
                  >
                    {index + 1}
                  </span>
                  <Link
                    to={`/blog/${encodeURIComponent(post.id)}`}
                    className="text-sm font-medium break-words hover:text-brand-dark hover:underline dark:hover:text-brand-light"
                  >
                    {post.title}
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
      {!empty && !categories.isError && (
        <section
          aria-labelledby="categories-heading"
          aria-busy={categories.isPending}
          className="rounded-xl border border-gray-200 p-6 dark:border-gray-700"
        >
          <h2 id="categories-heading" className="text-lg font-bold">
            {t('blog.sidebar.categories')}
          </h2>
          {categories.isPending && <Placeholder lines={4} />}
          {summary && (
            <ul className="mt-4 flex flex-col gap-2">
              {summary.counts.map(({ category, count }) => (
                <li key={category}>
                  <button
                    type="button"
                    onClick={() => onCategory(category)}
                    className="flex w-full items-center justify-between rounded-md px-2 py-1 text-left text-sm hover:bg-gray-50 dark:hover:bg-gray-800"
                  >
                    <span>{category}</span>
                    {/* A span may not carry aria-label (Nu checker): the words are read, the figure is seen.
                        Singular for 1, plural for more (a category has at least one post: the rule of
                        English, French and Kiswahili alike), so /blog carries no plural rules (its byte budget). */}
                    <span className="sr-only">{t(count === 1 ? 'blog.sidebar.countOne' : 'blog.sidebar.countOther', { count })}</span>
                    <span
                      aria-hidden="true"
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${categoryColour(category)}`}
                    >
                      {count}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {subscribeBox}
    </aside>
  );
}

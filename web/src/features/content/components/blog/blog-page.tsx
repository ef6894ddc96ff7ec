// The blog's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/blog';
import { useState, type ReactNode } from 'react';
import { PageHero } from '@/components/marketing/page-hero';
import { Alert } from '@/components/ui/alert';
import { FilterButtons } from '@/components/ui/filter-buttons';
import { RouteMeta } from '@/components/ui/route-meta';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-field';
import { LoadingMessage } from '@/components/ui/spinner';
import { limits } from '@/config/site';
import { t } from '@/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBlogFacets } from '@/features/content/api/get-blog-facets';
import { blogListParams, useBlogPosts } from '@/features/content/api/list-blog-posts';
import { BlogCard } from './blog-card';
import { BlogSidebar } from './blog-sidebar';

/**
 * /blog: search (debounced, trimmed), category buttons, the Featured card,
 * the Latest Articles grid with pagination, and the sidebar (with
 * `subscribeBox`, intake's, given by app/blog-route.tsx). Changing the
 * search or the category goes back to page 1 (spec §4).
 */
export default function BlogPage({ subscribeBox }: { subscribeBox: ReactNode }) {
  const [page, setPage] = useState(1);
  const [category, setCategory] = useState('All');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, limits.searchDebounceMs);

  const posts = useBlogPosts(blogListParams(page, category, search));
  const categories = useBlogFacets();

  function chooseCategory(next: string) {
    setCategory(next);
    setPage(1);
  }
  function changeSearch(next: string) {
    setSearchText(next);
    setPage(1);
  }

  const list = posts.data;
  // The server names the Featured card on page 1, whichever page the post is on.
  const featured = list?.featured ?? undefined;
  const latest = list?.posts.filter((post) => post.id !== featured?.id) ?? [];

  return (
    <>
      <RouteMeta route="/blog" />
      <PageHero
        badge={t('blog.hero.badge')}
        title={t('blog.hero.title')}
        lead={t('blog.hero.lead')}
      />
      <div className="mx-auto max-w-6xl px-4 pb-16 lg:px-8">
        <div className="flex flex-col gap-4 py-8">
          <div className="max-w-md">
            <SearchField
              label={t('blog.search.label')}
              placeholder={t('blog.search.placeholder')}
              value={searchText}
              onChange={changeSearch}
            />
          </div>
          <FilterButtons
            label={t('blog.filter.label')}
            options={categories.data?.categories ?? ['All']}
            value={category}
            onChange={chooseCategory}
            display={(option) => (option === 'All' ? t('blog.filter.all') : option)}
            oneRow
          />
        </div>
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            {posts.isPending && <LoadingMessage>{t('blog.loading')}</LoadingMessage>}
            {posts.isError && <Alert title={posts.error.message} />}
            {list && (
              <>
                {featured && (
                  <section aria-labelledby="featured-heading" className="mb-12">
                    <h2 id="featured-heading" className="mb-4 text-2xl font-bold">
                      {t('blog.featured.title')}
                    </h2>
                    <BlogCard post={featured} featured first />
                  </section>
                )}
                <section aria-labelledby="latest-heading">
                  <h2 id="latest-heading" className="mb-4 text-2xl font-bold">
                    {t('blog.latest.title')}
                  </h2>
                  {latest.length > 0 ? (
                    <ul className="grid gap-6 sm:grid-cols-2">
                      {latest.map((post, index) => (
                        <li key={post.id} className="flex">
                          <BlogCard post={post} first={!featured && index === 0} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    !featured && (
                      <p className="text-gray-700 dark:text-gray-300">
                        {t('blog.latest.empty')}
                      </p>
                    )
                  )}
                  <Pagination
                    label={t('blog.pagination.label')}
                    texts={{
                      previous: t('blog.pagination.previous'),
                      next: t('blog.pagination.next'),
                      page: (n) => t('blog.pagination.page', { page: n }),
                    }}
                    page={page}
                    totalPages={list.pagination.totalPages}
                    onPageChange={setPage}
                  />
                </section>
              </>
            )}
          </div>
          <BlogSidebar onCategory={chooseCategory} subscribeBox={subscribeBox} />
        </div>
      </div>
    </>
  );
}

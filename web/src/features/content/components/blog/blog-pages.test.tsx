import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogPost } from '@/api-types/BlogPost';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { blogFacets, pagination, post, summary } from '@/test/content-fixtures';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Backend = {
  list?: (query: URLSearchParams) => Response;
  facets?: () => Response;
  detail?: (id: string) => Response;
  imageData?: (id: string) => Response;
};

/** Signed out; the blog endpoints answered by the given handlers (404 otherwise). */
function backend(handlers: Backend) {
  return mockFetch((url) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    if (path === '/api/blog/facets') return handlers.facets?.() ?? json(200, blogFacets([]));
    if (path === '/api/blog') {
      return handlers.list?.(parsed.searchParams) ?? json(200, { posts: [], pagination: pagination(1, 1) });
    }
    const imageData = /^\/api\/blog\/([^/]+)\/image-data$/.exec(path);
    if (imageData) return handlers.imageData?.(imageData[1]!) ?? json(404, { message: 'Blog post not found' });
    const detail = /^\/api\/blog\/([^/]+)$/.exec(path);
    if (detail) return handlers.detail?.(detail[1]!) ?? json(404, { message: 'Blog post not found' });
    if (path === '/api/user') return json(401, { message: 'Unauthorized' });
    if (path === '/api/subscriptions') return json(202, { message: 'Thank you!' });
    return json(404, {});
  });
}

/** The list requests, as their query strings. */
function listQueries(fetch: ReturnType<typeof mockFetch>): string[] {
  return fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/blog')
    .map((url) => url.search);
}

/**
 * A page of the public list: the posts without their content, as the server
 * answers; page 1 names the featured post (by default the page's own).
 */
function page(posts: BlogPost[], current = 1, totalPages = 1, featured = posts.find((p) => p.featured)) {
  return json(200, {
    posts: posts.map(summary),
    pagination: pagination(current, totalPages),
    featured: current === 1 && featured ? summary(featured) : null,
  });
}

describe('/blog', () => {
  it('shows the loading text, then the featured card, the grid linking to each post, and no pagination for one page', async () => {
    const featured = post({ title: 'Tier-3 in Nairobi', featured: true, category: 'Infrastructure' });
    const other = post({ title: 'TLS 1.3 everywhere', category: 'Security' });
    backend({ list: () => page([featured, other]) });
    renderApp('/blog');
    expect(await screen.findByText('Loading blog posts...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tech Blog' })).toBeInTheDocument();
    const featuredSection = await screen.findByRole('region', { name: 'Featured Article' });
    expect(within(featuredSection).getByRole('link', { name: 'Tier-3 in Nairobi' })).toHaveAttribute(
      'href',
      `/blog/${featured.id}`,
    );
    const latest = screen.getByRole('region', { name: 'Latest Articles' });
    expect(within(latest).getByRole('link', { name: 'TLS 1.3 everywhere' })).toHaveAttribute('href', `/blog/${other.id}`);
    expect(within(latest).getByText('Security')).toHaveClass('bg-red-100');
    expect(screen.getByPlaceholderText('Search articles...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tech Blog | Nyota Cloud'));
  });

  it('shows the featured post the server names on page 1 even when it is on a later page, once', async () => {
    const user = userEvent.setup();
    const onPage2 = post({ title: 'Featured from page 2', featured: true });
    const latest = [post({ title: 'Newest' }), post({ title: 'Second newest' })];
    backend({
      list: (query) => (query.get('page') === '2' ? page([onPage2], 2, 2, onPage2) : page(latest, 1, 2, onPage2)),
    });
    renderApp('/blog');
    const featuredSection = await screen.findByRole('region', { name: 'Featured Article' });
    expect(within(featuredSection).getByRole('link', { name: 'Featured from page 2' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Latest Articles' })).getAllByRole('article')).toHaveLength(2);

    // Page 2 has no Featured card: its post is in the grid.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    const grid = screen.getByRole('region', { name: 'Latest Articles' });
    expect(await within(grid).findByRole('link', { name: 'Featured from page 2' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Featured Article' })).not.toBeInTheDocument();
  });

  it("loads the first card's image at once and first, the others lazily (the phone's largest paint)", async () => {
    const [featured, second, third] = [
      post({ title: 'Featured one', featured: true }),
      post({ title: 'Second one' }),
      post({ title: 'Third one' }),
    ];
    backend({ list: () => page([featured, second, third]) });
    renderApp('/blog');
    const cardImage = async (title: string) =>
      (await screen.findByRole('link', { name: title })).closest('article')!.querySelector('img')!;
    expect(await cardImage('Featured one')).toHaveAttribute('loading', 'eager');
    expect(await cardImage('Featured one')).toHaveAttribute('fetchpriority', 'high');
    for (const title of ['Second one', 'Third one']) {
      expect(await cardImage(title)).toHaveAttribute('loading', 'lazy');
      expect(await cardImage(title)).toHaveAttribute('fetchpriority', 'auto');
    }
  });

  it('asks for page 1 of 12, shows pagination for several pages, and goes back to page 1 on a category or search change', async () => {
    const user = userEvent.setup();
    const all = [post({ category: 'News' }), post({ category: 'Security' })];
    const fetch = backend({
      facets: () => json(200, blogFacets(all)),
      list: (query) => page([post({ title: `Result ${query}` })], Number(query.get('page')), 3),
    });
    renderApp('/blog');
    const nav = await screen.findByRole('navigation', { name: 'Blog pages' });
    expect(listQueries(fetch)).toEqual(['?page=1&limit=12&lang=en']);

    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Result page=2&limit=12&lang=en');
    expect(listQueries(fetch).at(-1)).toBe('?page=2&limit=12&lang=en');

    const categories = screen.getByRole('group', { name: 'Filter by category' });
    expect(within(categories).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'News', 'Security']);
    await user.click(within(categories).getByRole('button', { name: 'Security' }));
    await waitFor(() => expect(listQueries(fetch).at(-1)).toBe('?page=1&limit=12&category=Security&lang=en'));
    expect(within(categories).getByRole('button', { name: 'Security' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(fetch).at(-1)).toBe('?page=2&limit=12&category=Security&lang=en'));

    await user.type(screen.getByPlaceholderText('Search articles...'), '  edge ');
    await waitFor(() => expect(listQueries(fetch).at(-1)).toBe('?page=1&limit=12&search=edge&category=Security&lang=en'));
    // Debounced: no request per keystroke.
    expect(listQueries(fetch).filter((q) => q.includes('search=')).length).toBe(1);

    await user.click(within(categories).getByRole('button', { name: 'All' }));
    await user.clear(screen.getByPlaceholderText('Search articles...'));
    // Back to the first request's filters: its answer is still fresh (5 minutes), so it is shown without a new call.
    expect(await screen.findByText('Result page=1&limit=12&lang=en')).toBeInTheDocument();
    expect(listQueries(fetch).filter((q) => q === '?page=1&limit=12&lang=en')).toHaveLength(1);
  });

  it('never sends a blank search', async () => {
    const user = userEvent.setup();
    const fetch = backend({ list: () => page([post()]) });
    renderApp('/blog');
    await screen.findByRole('region', { name: 'Latest Articles' });
    await user.type(screen.getByPlaceholderText('Search articles...'), '   ');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(listQueries(fetch).every((q) => !q.includes('search'))).toBe(true);
  });

  it('fills the sidebar: 5 popular articles by views, numbered, and the categories with their counts', async () => {
    const all = [
      post({ title: 'Quiet', uvm: 1, category: 'News' }),
      post({ title: 'Most read', uvm: 900, category: 'Security' }),
      post({ title: 'Second', uvm: 500, category: 'News' }),
      post({ title: 'Third', uvm: 300, category: 'Tech' }),
      post({ title: 'Fourth', uvm: 200, category: 'News' }),
      post({ title: 'Fifth', uvm: 100, category: 'Security' }),
    ];
    backend({ facets: () => json(200, blogFacets(all)), list: () => page(all.slice(0, 2)) });
    renderApp('/blog');
    const popular = await screen.findByRole('region', { name: 'Popular Articles' });
    const items = await within(popular).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1Most read', '2Second', '3Third', '4Fourth', '5Fifth']);
    expect(within(popular).getByRole('list').tagName).toBe('OL');

    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('button', { name: 'News, 3 articles' })).toBeInTheDocument();
    expect(within(categories).getAllByRole('button', { name: /, 2 articles$/ }).length).toBeGreaterThan(0);
    expect(within(categories).getAllByRole('button', { name: /, 1 article$/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Stay Updated' })).toBeInTheDocument();
  });

  it('shows the fetch failures of the list and of the categories', async () => {
    backend({ list: () => json(500, { message: 'boom' }), facets: () => json(503, {}) });
    renderApp('/blog');
    expect(await screen.findByText('Failed to fetch blog posts')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch categories')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Filter by category' })).toHaveTextContent('All');
    // No empty Categories box under the failure.
    expect(screen.queryByRole('region', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('the sidebar shows placeholders while the facets load, and no boxes for a blog without posts', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    backend({ list: () => page([]), facets: () => pending as unknown as Response });
    renderApp('/blog');
    const popular = await screen.findByRole('region', { name: 'Popular Articles' });
    expect(popular).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'Categories' })).toHaveAttribute('aria-busy', 'true');
    answer(json(200, blogFacets([])));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Popular Articles' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Categories' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Stay Updated' })).toBeInTheDocument();
  });

  it('a failed facets read leaves the list whole, and no request asks for every post', async () => {
    const fetch = backend({ list: () => page([post({ title: 'Still here' })]), facets: () => json(500, {}) });
    renderApp('/blog');
    expect(await screen.findByText('Still here')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch categories')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Filter by category' })).toHaveTextContent('All');
    const asked = fetch.mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('limit=1000'))).toEqual([]);
    expect(asked).toContain('/api/blog/facets');
  });

  it('Stay Updated checks the address, then subscribes it to the blog', async () => {
    const user = userEvent.setup();
    const fetch = backend({ list: () => page([post()]) });
    renderApp('/blog');
    const box = await screen.findByRole('region', { name: 'Stay Updated' });
    const calls = fetch.mock.calls.length;
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(within(box).getByRole('alert')).toHaveTextContent('Please enter your email address');
    await user.type(within(box).getByLabelText('Email address'), 'amina');
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(within(box).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fetch.mock.calls.length).toBe(calls);
    await user.type(within(box).getByLabelText('Email address'), '@example.com');
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(await within(box).findByRole('status')).toHaveTextContent(
      "Thank you! You'll receive updates about new Nyota blog articles.",
    );
    expect(within(box).getByText('Check your inbox and confirm your address to start receiving updates.')).toBeInTheDocument();
    expect(within(box).getByLabelText('Email address')).toHaveValue('');
    expect(fetch.mock.calls.length).toBe(calls + 1);
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/subscriptions');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'amina@example.com', topic: 'blog', language: 'en' });
  });
});

describe('/blog/:id', () => {
  it('shows the content the server rendered, styled, and no view count before the first view', async () => {
    const item = post({
      title: 'Markdown post',
      uvm: 0,
      contentHtml:
        '<h2>Why</h2>\n<p>Some <strong>bold</strong> and <a href="https://a.example/" rel="noopener nofollow">a link</a>.</p>\n<ul>\n<li>one</li>\n</ul>\n<pre><code>code\n</code></pre>\n<table><thead><tr><th>Plan</th></tr></thead><tbody><tr><td>Basic</td></tr></tbody></table>',
    });
    backend({ detail: () => json(200, item) });
    renderApp(`/blog/${item.id}`);
    const main = await screen.findByRole('article');
    await within(main).findByRole('heading', { level: 2, name: 'Why' });
    expect(within(main).getByRole('link', { name: 'a link' })).toHaveAttribute('rel', 'noopener nofollow');
    expect(within(main).getByRole('table')).toHaveTextContent('Basic');
    expect(within(main).getByRole('listitem')).toHaveTextContent('one');
    expect(main.querySelector('pre code')).toHaveTextContent('code');
    expect(main).not.toHaveTextContent(/views?\b/);
  });

  it('shows the post: badge, title, author, long date, default read time, views, source, excerpt and text content', async () => {
    const item = post({
      title: 'Data stays in Africa',
      category: 'Compliance',
      author: 'Wanjiru Kamau',
      publishedAt: '2026-11-23T09:00:00Z',
      readTime: '',
      uvm: 1234,
      excerpt: 'Why residency matters.',
      fullContent: 'First line\nSecond line <b>not bold</b>\n<script>alert(1)</script>',
      // A post written before Markdown, as the server renders it.
      contentFormat: 'plain',
      contentHtml: '<p>First line<br>\nSecond line &lt;b&gt;not bold&lt;/b&gt;<br>\n&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      sourceUrl: 'https://example.org/source',
      image: '/objects/abc',
      imageData: 'data:image/png;base64,iVBORw0KGgo=',
    });
    const fetch = backend({ detail: (id) => (id === item.id ? json(200, item) : json(404, {})) });
    renderApp(`/blog/${item.id}`);
    expect(await screen.findByText('Loading blog post...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Data stays in Africa' })).toBeInTheDocument();
    const main = screen.getByRole('article');
    expect(within(main).getAllByRole('link', { name: 'Back to Blog' })[0]).toHaveAttribute('href', '/blog');
    expect(within(main).getByText('Compliance')).toHaveClass('bg-orange-100');
    expect(main).toHaveTextContent('Wanjiru Kamau');
    expect(main).toHaveTextContent('November 23, 2026');
    expect(main).toHaveTextContent('5 min read');
    expect(main).toHaveTextContent('1,234 views');
    expect(within(main).getByRole('link', { name: /Original Source/ })).toHaveAttribute('href', 'https://example.org/source');
    expect(within(main).getByRole('link', { name: /Original Source/ })).toHaveAttribute('target', '_blank');
    expect(main).toHaveTextContent('Why residency matters.');
    expect(main).toHaveTextContent('Second line <b>not bold</b>');
    expect(main.querySelector('b, script')).toBeNull();
    expect(main.querySelectorAll('br')).toHaveLength(2);
    expect(within(main).getByRole('img', { name: 'Data stays in Africa' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(document.title).toBe('Data stays in Africa | Nyota Cloud');
    // imageData present: no image-data call.
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/image-data'))).toBe(false);
  });

  it('asks for the image data when the post has an image but none inline, and uses the path rule meanwhile', async () => {
    const item = post({ image: 'dc.jpg', imageData: null, sourceUrl: 'javascript:alert(1)' });
    const fetch = backend({
      detail: () => json(200, item),
      imageData: () => json(200, { imageData: 'data:image/webp;base64,UklGRg==' }),
    });
    renderApp(`/blog/${item.id}`);
    const img = await screen.findByRole('img', { name: item.title });
    await waitFor(() => expect(img).toHaveAttribute('src', 'data:image/webp;base64,UklGRg=='));
    expect(fetch.mock.calls.some(([url]) => String(url) === `/api/blog/${item.id}/image-data`)).toBe(true);
    expect(screen.queryByRole('link', { name: /Original Source/ })).not.toBeInTheDocument();
  });

  it('ignores a failed image-data call and falls back to the default image when the file fails', async () => {
    const item = post({ image: '/images/missing.png', imageData: null });
    backend({ detail: () => json(200, item), imageData: () => json(500, {}) });
    renderApp(`/blog/${item.id}`);
    const img = await screen.findByRole('img', { name: item.title });
    expect(img).toHaveAttribute('src', '/images/missing.png');
    act(() => {
      img.dispatchEvent(new window.Event('error'));
    });
    expect(img).toHaveAttribute('src', defaultServerImage);
  });

  it('shows Post Not Found for an unknown post', async () => {
    backend({ detail: () => json(404, { message: 'Blog post not found' }) });
    renderApp('/blog/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The blog post you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it('uses the native share sheet when there is one', async () => {
    const user = userEvent.setup();
    const item = post({ title: 'Shared' });
    backend({ detail: () => json(200, item) });
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderApp(`/blog/${item.id}`);
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Shared', url: expect.stringContaining(item.id) }));
      expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('otherwise copies the link and shows Copied! for 2 seconds', async () => {
    const user = userEvent.setup();
    const item = post({ title: 'Copy me' });
    backend({ detail: () => json(200, item) });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderApp(`/blog/${item.id}`);
    const button = await screen.findByRole('button', { name: 'Share' });
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`/blog/${item.id}`));
    const shownAt = Date.now();
    expect(button).toHaveTextContent('Copied!');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(button).toHaveTextContent('Copied!');
    await waitFor(() => expect(button).toHaveTextContent('Share'), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
  });
});

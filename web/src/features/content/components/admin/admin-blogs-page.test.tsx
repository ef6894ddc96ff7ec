import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '@/test/content-fixtures';
import { renderApp } from '@/test/render';
import { fakeContentApi } from './admin-content-test-support';
import { supportDialogs } from '@/test/dialog-test-support';
import { unsavedTexts } from '@/components/admin/unsaved-changes-guard';
import { publishTexts } from '../../lib/blog-post-model';

supportDialogs();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const older = post({ title: 'Tier-3 design notes', category: 'Infrastructure', publishedAt: '2026-01-10T09:00:00Z', uvm: 1234 });
const newer = post({ title: 'Data stays in Africa', category: 'Compliance', publishedAt: '2026-11-23T09:00:00Z', image: '/objects/a' });

async function openTable(path = '/admin/blogs') {
  const user = userEvent.setup();
  const { router } = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Blog posts' }, { timeout: 5_000 });
  return { user, table, router };
}

const titles = (table: HTMLElement) => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);

describe('/admin/blogs', () => {
  it('lists every post newest first, sorts by a column, and searches on the server', async () => {
    const api = fakeContentApi({ posts: [older, newer] });
    const { user, table } = await openTable();
    expect(titles(table)).toEqual(['Data stays in Africa', 'Tier-3 design notes']);
    const row = within(table).getAllByRole('row')[2]!;
    expect(row).toHaveTextContent('January 10, 2026');
    expect(row).toHaveTextContent('1,234');
    expect(screen.getByText('2 posts')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /Title/ }));
    expect(titles(table)).toEqual(['Data stays in Africa', 'Tier-3 design notes']);
    expect(within(table).getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: /Title/ }));
    expect(titles(table)).toEqual(['Tier-3 design notes', 'Data stays in Africa']);

    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'tier');
    await waitFor(() => expect(screen.getByText('1 post match “tier”')).toBeInTheDocument());
    expect(
      api.fetch.mock.calls.some(([url]) => String(url) === '/api/admin/blog?page=1&limit=1000&search=tier'),
    ).toBe(true);
  });

  it('says when there are no posts yet', async () => {
    fakeContentApi();
    renderApp('/admin/blogs');
    expect(await screen.findByText('There are no blog posts yet.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New post' })).toHaveLength(2);
  });

  it('shows a failed list with the reason and Retry, which reads it again', async () => {
    const api = fakeContentApi({ posts: [older] });
    api.refuse('GET', /^\/api\/admin\/blog$/, () => new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 503 }));
    const user = userEvent.setup();
    renderApp('/admin/blogs');
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('Failed to load blog posts');
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Blog posts' })).toBeInTheDocument();
  });

  it('switches featured with the whole post sent back', async () => {
    const api = fakeContentApi({ posts: [newer] });
    const { user } = await openTable();
    const toggle = screen.getByRole('switch', { name: 'Featured: Data stays in Africa' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: `/api/admin/blog/${newer.id}`,
        body: expect.objectContaining({
          title: newer.title,
          fullContent: newer.fullContent,
          publishedAt: newer.publishedAt,
          image: '/objects/a',
          featured: true,
        }),
      },
    ]);
    expect(await screen.findByText('Post featured')).toBeInTheDocument();
  });

  it('deletes only after the confirmation names the post', async () => {
    const api = fakeContentApi({ posts: [older, newer] });
    const { user, table } = await openTable();
    await user.click(within(table).getByRole('button', { name: 'Delete Tier-3 design notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog).toHaveTextContent('“Tier-3 design notes” will be removed from the blog at once.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.writes).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Delete Tier-3 design notes' }));
    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(titles(screen.getByRole('table', { name: 'Blog posts' }))).toEqual(['Data stays in Africa']));
    expect(api.writes).toEqual([{ method: 'DELETE', path: `/api/admin/blog/${older.id}`, body: undefined }]);
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
  });
});

describe('the blog post form', () => {
  it('shows every rule broken next to its field before sending anything', async () => {
    const api = fakeContentApi({ posts: [older] });
    const { user } = await openTable();
    await user.click(screen.getByRole('button', { name: 'New post' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    expect(screen.getByRole('heading', { name: 'New post' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Author' })).toHaveValue('Wanjiru Kamau');
    await user.type(screen.getByRole('textbox', { name: 'Image' }), 'dc.jpg');
    await user.click(screen.getByRole('button', { name: 'Create post' }));

    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required');
    expect(screen.getByRole('textbox', { name: 'Excerpt' })).toHaveAccessibleDescription('Excerpt is required');
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveAccessibleDescription(
      expect.stringMatching(/^Markdown: ## heading, .* HTML is shown as text\. Content is required$/),
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('Category is required');
    expect(screen.getByRole('textbox', { name: 'Image' })).toHaveAccessibleDescription(
      expect.stringContaining('Image must be a web address (http:// or https://) or a site path starting with /'),
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(api.writes).toEqual([]);
  });

  it('creates a post, and puts a refusal from the server next to the field it names', async () => {
    const api = fakeContentApi({ posts: [older] });
    api.refuse('POST', /^\/api\/admin\/blog$/, () =>
      new Response(JSON.stringify({ message: 'Source URL must be a web address (http:// or https://) or a site path starting with /' }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { user, router } = await openTable();
    await user.click(screen.getByRole('button', { name: 'New post' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    expect(router.state.location.pathname).toBe('/admin/blogs/new');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  GPU cloud for Africa ');
    await user.type(screen.getByRole('combobox', { name: 'Category' }), 'Innovation');
    await user.type(screen.getByRole('textbox', { name: 'Excerpt' }), 'Early access opens.');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Line one{Enter}Line two');
    await user.type(screen.getByRole('textbox', { name: 'Source URL' }), 'https://example.org/gpu');
    await user.click(screen.getByRole('button', { name: 'Create post' }));

    const source = screen.getByRole('textbox', { name: 'Source URL' });
    await waitFor(() => expect(source).toHaveAccessibleDescription(expect.stringContaining('Source URL must be a web address')));
    expect(source).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create post' }));
    expect(await screen.findByText('Post created')).toBeInTheDocument();
    // The new post opens at its own address, ready for more changes.
    expect(await screen.findByRole('heading', { name: 'Edit post: GPU cloud for Africa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/blogs/new-post-1');
    await user.click(screen.getByRole('link', { name: 'All posts' }));
    const table = await screen.findByRole('table', { name: 'Blog posts' });
    expect(titles(table)).toContain('GPU cloud for Africa');
    expect(api.writes.at(-1)).toEqual({
      method: 'POST',
      path: '/api/admin/blog',
      body: {
        title: 'GPU cloud for Africa',
        excerpt: 'Early access opens.',
        fullContent: 'Line one\nLine two',
        category: 'Innovation',
        author: 'Wanjiru Kamau',
        sourceUrl: 'https://example.org/gpu',
        featured: false,
        status: 'draft',
        contentFormat: 'markdown',
        language: 'en',
        translationOf: null,
      },
    });
  });

  it('edits a title, and warns before leaving with changes unsaved', async () => {
    const api = fakeContentApi({ posts: [older] });
    const { user, table, router } = await openTable();
    await user.click(within(table).getByRole('button', { name: 'Edit Tier-3 design notes' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    expect(router.state.location.pathname).toBe(`/admin/blogs/${older.id}`);
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Tier-3 design, revised');

    await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Overview' }));
    const dialog = await screen.findByRole('dialog', { name: unsavedTexts.title });
    await user.click(within(dialog).getByRole('button', { name: unsavedTexts.stay }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Tier-3 design, revised');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const discard = screen.getByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(discard).getByRole('button', { name: 'Keep editing' }));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Post saved')).toBeInTheDocument();
    // Saving keeps the editor open on the post.
    expect(router.state.location.pathname).toBe(`/admin/blogs/${older.id}`);
    await user.click(screen.getByRole('link', { name: 'All posts' }));
    expect(titles(await screen.findByRole('table', { name: 'Blog posts' }))).toEqual(['Tier-3 design, revised']);
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: `/api/admin/blog/${older.id}`,
        body: expect.objectContaining({ title: 'Tier-3 design, revised', publishedAt: older.publishedAt }),
      },
    ]);
  });
});

describe('publishing from the editor', () => {
  it('refuses to schedule without a later time, then schedules and publishes now', async () => {
    const draft = post({ title: 'Edge AI plans', status: 'draft', publishedAt: '2026-01-10T09:00:00Z' });
    const api = fakeContentApi({ posts: [draft] });
    const { user, table } = await openTable();
    await user.click(within(table).getByRole('button', { name: 'Edit Edge AI plans' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const when = screen.getByLabelText('Publication date and time (Nairobi)');
    await waitFor(() => expect(when).toHaveAccessibleDescription(expect.stringContaining(publishTexts.scheduleNeedsFutureTime)));
    expect(api.writes).toEqual([]);

    await user.clear(when);
    await user.type(when, '2099-03-14T09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Post scheduled')).toBeInTheDocument();
    expect(api.writes.at(-1)?.body).toEqual(
      expect.objectContaining({ status: 'published', publishedAt: '2099-03-14T09:00:00+03:00' }),
    );

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Post published')).toBeInTheDocument();
    const published = api.writes.at(-1)?.body as { status: string; publishedAt: string };
    expect(published.status).toBe('published');
    expect(Date.parse(published.publishedAt)).toBeLessThanOrEqual(Date.now());
  });
});

describe('/admin/blogs/enhanced', () => {
  it('features, unfeatures and deletes the selected posts', async () => {
    const third = post({ title: 'Edge AI plans', publishedAt: '2026-06-01T09:00:00Z', featured: true });
    const api = fakeContentApi({ posts: [older, newer, third] });
    const { user, table } = await openTable('/admin/blogs/enhanced');
    const bulk = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bulk).getByRole('button', { name: 'Feature' })).toBeDisabled();

    await user.click(within(table).getByRole('checkbox', { name: 'Select all posts' }));
    expect(within(bulk).getByText('3 posts selected')).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Edge AI plans' }));
    expect(within(table).getByRole('checkbox', { name: 'Select all posts' })).toHaveProperty('indeterminate', true);

    await user.click(within(bulk).getByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('2 posts featured')).toBeInTheDocument();
    expect(api.writes.map((w) => [w.method, w.path, (w.body as { featured: boolean }).featured])).toEqual([
      ['PUT', `/api/admin/blog/${newer.id}`, true],
      ['PUT', `/api/admin/blog/${older.id}`, true],
    ]);
    expect(within(bulk).getByText('Select posts to act on several at once')).toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Select Edge AI plans' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Tier-3 design notes' }));
    await user.click(within(bulk).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 posts?' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Edge AI plans', 'Tier-3 design notes']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 posts' }));
    expect(await screen.findByText('2 posts deleted')).toBeInTheDocument();
    await waitFor(() => expect(titles(screen.getByRole('table', { name: 'Blog posts' }))).toEqual(['Data stays in Africa']));
  });

  it('previews the post as its page will show it, rendered by the server while typing', async () => {
    const api = fakeContentApi({ posts: [newer] });
    const { user, table } = await openTable('/admin/blogs/enhanced');
    await user.click(within(table).getByRole('button', { name: 'Edit Data stays in Africa' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Data stays in Africa' })).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: 'Data stays in Africa' })).toHaveAttribute('src', '/objects/a');
    expect(preview).toHaveTextContent('November 23, 2026');

    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Residency, explained');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), '{Enter}A new line <b>as text</b>');
    expect(within(preview).getByRole('heading', { level: 2, name: 'Residency, explained' })).toBeInTheDocument();
    // The server's HTML is shown once the typing rests (one request, not one a keystroke).
    await waitFor(() => expect(preview.querySelector('[data-rendered="server"]')).toHaveTextContent('A new line <b>as text</b>'));
    expect(preview.querySelector('b')).toBeNull();
    expect(api.previews.at(-1)).toBe(`${newer.fullContent}\nA new line <b>as text</b>`);
    expect(api.previews.length).toBeLessThanOrEqual(3);
  });

  it('says when the preview could not be rendered, and keeps the form', async () => {
    const api = fakeContentApi({ posts: [newer] });
    api.refuse('POST', /^\/api\/admin\/blog\/preview$/, () =>
      new Response(JSON.stringify({ message: 'Too many previews. Please wait a moment and try again.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { user, table } = await openTable('/admin/blogs/enhanced');
    await user.click(within(table).getByRole('button', { name: 'Edit Data stays in Africa' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    const preview = screen.getByRole('region', { name: 'Live preview' });
    const alert = await within(preview).findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be rendered');
    expect(alert).toHaveTextContent('Too many previews. Please wait a moment and try again.');
    // The next change renders again.
    await user.type(screen.getByRole('textbox', { name: 'Content' }), ' more');
    await waitFor(() => expect(preview.querySelector('[data-rendered="server"]')).toHaveTextContent(`${newer.fullContent} more`));
    expect(within(preview).queryByRole('alert')).toBeNull();
  });
});

describe('one editor on both blog screens', () => {
  it('has the image upload, the Markdown toolbar and the preview on /admin/blogs too', async () => {
    fakeContentApi({ posts: [newer] });
    const { user } = await openTable('/admin/blogs');
    await user.click(screen.getByRole('button', { name: 'New post' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert image' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Live preview' })).toBeInTheDocument();
    const content = screen.getByRole('textbox', { name: 'Content' });
    await user.type(content, 'important');
    (content as HTMLTextAreaElement).setSelectionRange(0, 9);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(content).toHaveValue('**important**');
  });

  it('shows the status of each post: draft, scheduled or published', async () => {
    const draft = post({ title: 'Still a draft', status: 'draft' });
    const scheduled = post({ title: 'Next week', publishedAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    fakeContentApi({ posts: [draft, scheduled, older] });
    const { table } = await openTable();
    const statusOf = (title: string) => within(within(table).getByRole('rowheader', { name: new RegExp(title) }).closest('tr')!).getAllByRole('cell')[1];
    expect(statusOf('Still a draft')).toHaveTextContent('Draft');
    expect(statusOf('Next week')).toHaveTextContent('Scheduled');
    expect(statusOf('Tier-3 design notes')).toHaveTextContent('Published');
  });

  it('a plain post written before Markdown says so and can be switched', async () => {
    const old = post({ title: 'Old notes', contentFormat: 'plain', fullContent: 'Line one\nLine two' });
    const api = fakeContentApi({ posts: [old] });
    const { user, table } = await openTable();
    await user.click(within(table).getByRole('button', { name: 'Edit Old notes' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    expect(screen.getByText(/This post was written before Markdown/)).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull();
    await waitFor(() => expect(api.previews.length).toBeGreaterThan(0));
    expect(api.fetch.mock.calls.some(([url, init]) => String(url) === '/api/admin/blog/preview' && String(init?.body).includes('"contentFormat":"plain"'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Switch to Markdown' }));
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes.at(-1)?.body).toEqual(expect.objectContaining({ contentFormat: 'markdown' })));
  });

  it("previews the read time in the post's language", async () => {
    const french = post({ title: 'Notes en français', language: 'fr' });
    const api = fakeContentApi({ posts: [french] });
    const { user, table } = await openTable();
    await user.click(within(table).getByRole('button', { name: 'Edit Notes en français' }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    const asked = () =>
      api.fetch.mock.calls.some(([url, init]) => String(url) === '/api/admin/blog/preview' && String(init?.body).includes('"language":"fr"'));
    await waitFor(() => expect(asked()).toBe(true));
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { event, post } from '@/test/content-fixtures';
import { renderApp } from '@/test/render';
import { supportDialogs } from '@/test/dialog-test-support';
import { fakeContentApi } from './admin-content-test-support';
import { autosaveDelayMs, autosaveKey, readDraft } from '../../lib/use-autosave';

supportDialogs();

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const saved = post({ title: 'Data stays in Africa', fullContent: 'Original text' });

async function editPost(path = '/admin/blogs') {
  const user = userEvent.setup();
  const view = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Blog posts' }, { timeout: 5_000 });
  await user.click(within(table).getByRole('button', { name: `Edit ${saved.title}` }));
  await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
  return { user, view };
}

describe('autosave of the editor', () => {
  it('says Saving… while typing, then Saved hh:mm once the draft is kept in this browser', async () => {
    fakeContentApi({ posts: [saved] });
    const { user } = await editPost();
    const content = screen.getByRole('textbox', { name: 'Content' });
    await user.type(content, ' and more');
    const status = screen.getAllByRole('status').find((node) => node.textContent === 'Saving…');
    expect(status).toBeDefined();
    await waitFor(() => expect(screen.getByText(/^Saved \d{2}:\d{2} on this device$/)).toBeInTheDocument(), {
      timeout: autosaveDelayMs + 2_000,
    });
    const kept = readDraft<{ fullContent: string }>(autosaveKey('post', saved.id));
    expect(kept?.values.fullContent).toBe('Original text and more');
  });

  it('offers the kept changes back after a reload, and restores them', async () => {
    const api = fakeContentApi({ posts: [saved] });
    window.localStorage.setItem(
      autosaveKey('post', saved.id),
      JSON.stringify({ savedAt: '2026-11-26T10:05:00Z', values: { title: 'Data stays in Africa, revised', fullContent: 'Written before the tab closed' } }),
    );
    const { user } = await editPost();
    const prompt = screen.getByRole('region', { name: 'Unsaved changes found' });
    expect(prompt).toHaveTextContent('This post has changes that were never saved, kept on this device');
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('Original text');
    await user.click(within(prompt).getByRole('button', { name: 'Restore changes' }));
    expect(screen.queryByRole('region', { name: 'Unsaved changes found' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('Written before the tab closed');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Data stays in Africa, revised');

    // Saving sends the restored text and forgets the kept draft.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Post saved')).toBeInTheDocument();
    expect(api.writes.at(-1)?.body).toEqual(expect.objectContaining({ fullContent: 'Written before the tab closed' }));
    expect(readDraft(autosaveKey('post', saved.id))).toBeNull();
  });

  it('discards the kept changes when asked, and offers nothing that equals the post', async () => {
    fakeContentApi({ posts: [saved] });
    window.localStorage.setItem(autosaveKey('post', saved.id), JSON.stringify({ savedAt: '2026-11-26T10:05:00Z', values: { fullContent: 'Old draft' } }));
    const { user } = await editPost();
    await user.click(within(screen.getByRole('region', { name: 'Unsaved changes found' })).getByRole('button', { name: 'Discard them' }));
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('Original text');
    expect(readDraft(autosaveKey('post', saved.id))).toBeNull();

    window.localStorage.setItem(autosaveKey('post', saved.id), JSON.stringify({ savedAt: '2026-11-26T10:05:00Z', values: { fullContent: 'Original text' } }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('table', { name: 'Blog posts' })).getByRole('button', { name: `Edit ${saved.title}` }));
    await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5_000 });
    expect(screen.queryByRole('region', { name: 'Unsaved changes found' })).toBeNull();
  });

  it('says so when the browser refuses to keep the draft', async () => {
    fakeContentApi({ posts: [saved] });
    const { user } = await editPost();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.type(screen.getByRole('textbox', { name: 'Content' }), '!');
    await waitFor(
      () => expect(screen.getByText('Autosave failed: the browser storage is full. Save to keep your changes.')).toBeInTheDocument(),
      { timeout: autosaveDelayMs + 2_000 },
    );
  });

  it('keeps a new event being written too, under its own key', async () => {
    fakeContentApi({ events: [event({ title: 'Summit' })] });
    const user = userEvent.setup();
    renderApp('/admin/events');
    await screen.findByRole('table', {}, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'New event' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Cloud day');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, autosaveDelayMs + 200));
    });
    expect(readDraft<{ title: string }>(autosaveKey('event', null))?.values.title).toBe('Cloud day');
  });
});

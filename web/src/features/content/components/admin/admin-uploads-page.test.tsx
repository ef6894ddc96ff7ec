import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Upload } from '@/api-types/Upload';
import { renderApp } from '@/test/render';
import { fakeContentApi } from './admin-content-test-support';
import { supportDialogs } from '@/test/dialog-test-support';

supportDialogs();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const banner: Upload = {
  id: '0190f0a0-0000-7000-8000-0000000000a1',
  url: '/objects/0190f0a0-0000-7000-8000-0000000000a1',
  filename: 'summit-banner.png',
  contentType: 'image/png',
  byteSize: 1_234_567,
  width: 1200,
  height: 630,
  createdAt: '2026-11-23T09:00:00Z',
  usedBy: [
    { kind: 'post', id: 'p1', title: 'Data stays in Africa' },
    { kind: 'event', id: 'e1', title: 'Nairobi Cloud Summit' },
  ],
};
const spare: Upload = { ...banner, id: 'u2', url: '/objects/u2', filename: 'spare.webp', byteSize: 48_300, width: 640, height: 360, usedBy: [] };

async function openUploads(uploads: Upload[]) {
  const api = fakeContentApi({ uploads });
  const user = userEvent.setup();
  renderApp('/admin/uploads');
  return { api, user };
}

describe('/admin/uploads', () => {
  it('shows each image with its size, dimensions and users; Copy URL copies the absolute address', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { user } = await openUploads([banner, spare]);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const grid = await screen.findByRole('list', { name: 'Uploaded images' }, { timeout: 5_000 });
    const [first, second] = within(grid).getAllByRole('listitem', { name: undefined }).filter((li) => li.parentElement === grid);
    expect(first).toHaveTextContent('1.2 MB');
    expect(first).toHaveTextContent('1200 × 630');
    expect(first).toHaveTextContent('Post: Data stays in Africa');
    expect(within(first!).getByRole('img', { name: 'summit-banner.png' })).toHaveAttribute('src', banner.url);
    expect(second).toHaveTextContent('48.3 kB');
    expect(second).toHaveTextContent('Not used by any post or event');
    expect(screen.getByText('2 images')).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Copy URL: summit-banner.png' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${banner.url}`);
    expect(within(first!).getByRole('button', { name: 'Copied!: summit-banner.png' })).toHaveTextContent('Copied!');
  });

  it('names the posts and events using an image before deleting it', async () => {
    const { api, user } = await openUploads([banner, spare]);
    await user.click(await screen.findByRole('button', { name: 'Delete summit-banner.png' }, { timeout: 5_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this image?' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Post: Data stays in Africa',
      'Event: Nairobi Cloud Summit',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    expect(await screen.findByText('Image deleted')).toBeInTheDocument();
    expect(api.writes).toEqual([{ method: 'DELETE', path: `/api/admin/uploads/${banner.id}`, body: undefined }]);
    await waitFor(() => expect(screen.getByText('1 image')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete spare.webp' }));
    expect(screen.getByRole('dialog', { name: 'Delete this image?' })).toHaveTextContent('is not used by any post or event');
    expect(screen.getByRole('button', { name: 'Delete image' })).toBeInTheDocument();
  });

  it('refuses files the server would refuse, in its words, before sending them', async () => {
    const { api } = await openUploads([]);
    expect(await screen.findByText('No images uploaded yet. Drop one above or choose a file.', {}, { timeout: 5_000 })).toBeInTheDocument();
    const send = vi.fn();
    vi.stubGlobal('XMLHttpRequest', vi.fn(() => ({ open: send, send })));
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const empty = new File([], 'empty.png', { type: 'image/png' });
    const zone = screen.getByText('Drag and drop images here').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [notes, empty] } });
    const pending = screen.getByRole('list', { name: 'Uploads in progress' });
    expect(within(pending).getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Only PNG, JPEG, WebP or GIF images can be uploaded',
      'The file is empty',
    ]);
    expect(send).not.toHaveBeenCalled();
    expect(api.writes).toEqual([]);
  });

  it('uploads a chosen file with a progress bar, then lists it', async () => {
    const { api } = await openUploads([]);
    await screen.findByText('No images uploaded yet. Drop one above or choose a file.', {}, { timeout: 5_000 });
    const requests: Array<{ upload: { onprogress?: (e: unknown) => void }; onload?: () => void; status: number; responseText: string }> = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      vi.fn(function FakeRequest() {
        const request = {
          upload: {},
          status: 0,
          responseText: '',
          open() {},
          setRequestHeader() {},
          send() {},
        };
        requests.push(request);
        return request;
      }),
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const picture = new File([new Uint8Array(2000)], 'launch.png', { type: 'image/png' });
    await userEvent.upload(input, picture);
    const bar = screen.getByRole('progressbar', { name: 'Uploading launch.png' });
    requests[0]!.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: 2000 });
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));

    api.uploads.unshift({ ...spare, id: 'u3', url: '/objects/u3', filename: 'launch.png' });
    Object.assign(requests[0]!, { status: 201, responseText: JSON.stringify(api.uploads[0]) });
    requests[0]!.onload?.();
    expect(await screen.findByText('Image uploaded')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'launch.png' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { useAttachmentDraft } from '@/features/chat/lib/use-attachment-draft';
import { AttachButton, AttachmentDraftChip, useFileDrop } from './attachment-controls';
import { MessageAttachmentView, thumbnailBox } from './message-attachment';

/** A stand-in for the browser's XMLHttpRequest that the test drives. */
class FakeRequest {
  static all: FakeRequest[] = [];
  status = 0;
  responseText = '';
  responseType = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeRequest.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

/** The `n`th request the code under test made. */
function sent(n = 0): FakeRequest {
  const request = FakeRequest.all[n];
  if (!request) throw new Error(`no request ${n}`);
  return request;
}

function Composer() {
  const { draft, attach, remove } = useAttachmentDraft('0190f0a0-0000-7000-8000-000000000001');
  const drop = useFileDrop(attach);
  return (
    <form aria-label="Reply" {...drop.handlers}>
      {draft && <AttachmentDraftChip draft={draft} onRemove={remove} />}
      <AttachButton onFile={attach} />
      <textarea aria-label="Message" />
      {draft?.status === 'ready' && <p>ready {draft.attachment.id}</p>}
    </form>
  );
}

function renderComposer() {
  // The page's settings, as the gateway writes them into it.
  document.getElementById('site-settings')!.textContent = JSON.stringify({ ...defaultSiteSettings, chatAttachmentMaxMib: 1 });
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Composer />
    </QueryClientProvider>,
  );
}

const png = (bytes = 2048) => new File([new Uint8Array(bytes)], 'screen.png', { type: 'image/png' });

describe('attachments in the reply box', () => {
  beforeEach(() => {
    FakeRequest.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a chosen file with its progress, then holds the stored attachment', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.upload(screen.getByTestId('attachment-input'), png());
    const request = sent();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/chat/sessions/0190f0a0-0000-7000-8000-000000000001/attachments');
    expect(request.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect((request.body?.get('file') as File).name).toBe('screen.png');
    expect(screen.getByText('screen.png')).toBeInTheDocument();
    request.progress(512, 2048);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('25%')).toBeInTheDocument();
    request.answer(201, {
      id: 'a1',
      kind: 'image',
      contentType: 'image/png',
      filename: 'screen.png',
      byteSize: 2000,
      width: 10,
      height: 10,
    });
    expect(await screen.findByText('ready a1')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove attachment' })).toBeInTheDocument();
  });

  it('cancels an upload in flight', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.upload(screen.getByTestId('attachment-input'), png());
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(sent(0).aborted).toBe(true);
    expect(screen.queryByTestId('attachment-draft')).not.toBeInTheDocument();
  });

  it("shows the server's refusal, and refuses a file above the limit without sending it", async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.upload(screen.getByTestId('attachment-input'), png());
    sent(0).answer(400, { message: 'Only images (PNG, JPEG, WebP or GIF) and PDF files can be attached' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only images (PNG, JPEG, WebP or GIF) and PDF files can be attached',
    );
    await user.upload(screen.getByTestId('attachment-input'), png(1024 * 1024 + 1));
    expect(FakeRequest.all).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Attachments must be at most 1 MiB');
  });

  it('takes a pasted screenshot and a dropped file', async () => {
    renderComposer();
    const form = screen.getByRole('form', { name: 'Reply' });
    const pasted = png();
    act(() => {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      Object.assign(event, { clipboardData: { files: [pasted] } });
      form.dispatchEvent(event);
    });
    expect(FakeRequest.all).toHaveLength(1);
    expect((sent(0).body?.get('file') as File).name).toBe('screen.png');
    const dropped = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    act(() => {
      const event = new Event('drop', { bubbles: true, cancelable: true });
      Object.assign(event, { dataTransfer: { types: ['Files'], files: [dropped] } });
      form.dispatchEvent(event);
    });
    // The first upload gives way to the dropped file.
    expect(sent(0).aborted).toBe(true);
    expect(FakeRequest.all).toHaveLength(2);
    expect(screen.getByText('invoice.pdf')).toBeInTheDocument();
  });
});

describe('a file made smaller for a slow link', () => {
  const original = new File([new Uint8Array(2 * 1024 * 1024)], 'photo.png', { type: 'image/png' });
  const smaller = new File([new Uint8Array(300 * 1024)], 'photo.jpg', { type: 'image/jpeg' });

  it('says so while it is prepared, with a progress bar of no value', () => {
    render(<AttachmentDraftChip draft={{ status: 'preparing', file: original }} onRemove={() => undefined} />);
    const bar = screen.getByRole('progressbar', { name: 'Making the image smaller for your slow connection…' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();
  });

  it('shows the smaller copy uploading, its progress, and the size it came from', () => {
    render(<AttachmentDraftChip draft={{ status: 'uploading', file: smaller, progress: 0.42, original }} onRemove={() => undefined} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', '42% uploaded');
    expect(screen.getByText('Reduced from 2.0 MB for your slow connection')).toBeInTheDocument();
  });
});

describe('attachments in the log', () => {
  it('shows an image as its thumbnail linking to the full image', () => {
    render(
      <MessageAttachmentView
        attachment={{ id: 'img-1', kind: 'image', contentType: 'image/png', filename: 'a<b>.png', byteSize: 10, width: 40, height: 20 }}
      />,
    );
    const link = screen.getByRole('link', { name: /a<b>\.png/ });
    expect(link).toHaveAttribute('href', '/api/chat/attachments/img-1');
    expect(screen.getByRole('img', { name: 'a<b>.png' })).toHaveAttribute('src', '/api/chat/attachments/img-1/thumbnail');
  });

  it('shows a PDF as a chip with its name and size that downloads it', () => {
    render(
      <MessageAttachmentView
        attachment={{ id: 'pdf-1', kind: 'pdf', contentType: 'application/pdf', filename: 'Invoice.pdf', byteSize: 2_500_000, width: null, height: null }}
      />,
    );
    const link = screen.getByRole('link', { name: /Invoice\.pdf.*2\.4 MB/ });
    expect(link).toHaveAttribute('href', '/api/chat/attachments/pdf-1');
    expect(link).toHaveAttribute('download', 'Invoice.pdf');
  });
});

describe('thumbnail box', () => {
  it('is the thumbnail size shown at most 240 px tall, known before the image loads', () => {
    expect(thumbnailBox(1600, 800)).toEqual({ width: 320, height: 160 });
    expect(thumbnailBox(800, 1600)).toEqual({ width: 120, height: 240 });
    expect(thumbnailBox(40, 20)).toEqual({ width: 40, height: 20 });
    expect(thumbnailBox(null, null)).toBeNull();
  });
});

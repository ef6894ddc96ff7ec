import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '@/lib/api-client';
import { checkImageFile, maxUploadBytes, uploadImage, uploadTexts } from './upload-image';

function file(name: string, type: string, size: number): File {
  const made = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('the checks before an upload (the server words)', () => {
  it('asks for a file, refuses empty ones, other types and more than 5 MiB', () => {
    expect(checkImageFile(null)).toBe('Choose an image file to upload');
    expect(checkImageFile(file('a.png', 'image/png', 0))).toBe('The file is empty');
    expect(checkImageFile(file('a.pdf', 'application/pdf', 10))).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded');
    expect(checkImageFile(file('a.svg', 'image/svg+xml', 10))).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded');
    expect(checkImageFile(file('a.png', 'image/png', maxUploadBytes + 1))).toBe('Images must be at most 5 MiB');
    expect(checkImageFile(file('a.png', 'image/png', maxUploadBytes))).toBeNull();
  });

  it('goes by the extension when the browser gives no type', () => {
    expect(checkImageFile(file('photo.JPEG', '', 10))).toBeNull();
    expect(checkImageFile(file('photo.webp', '', 10))).toBeNull();
    expect(checkImageFile(file('notes.txt', '', 10))).toBe(uploadTexts.wrongType);
  });
});

/** A stand-in XMLHttpRequest that records the request and answers as told. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.onload?.();
  }
}

describe('uploadImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeRequest.last = null;
  });

  it('posts the file as multipart with the CSRF header, reports progress and answers the upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const progress: number[] = [];
    const picture = file('banner.png', 'image/png', 2_000);
    const pending = uploadImage({ file: picture, onProgress: (f) => progress.push(f) });
    const request = FakeRequest.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/admin/uploads');
    expect(request.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(request.withCredentials).toBe(true);
    expect((request.body as FormData).get('file')).toBeInstanceOf(File);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 500, total: 2_000 });
    const upload = { id: 'u1', url: '/objects/u1', filename: 'banner.png', usedBy: [] };
    request.answer(201, JSON.stringify(upload), 'Created');
    await expect(pending).resolves.toEqual(upload);
    expect(progress).toEqual([0.25, 1]);
  });

  it('fails with the server message, and with the size text for a bare 413', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const refused = uploadImage({ file: file('a.png', 'image/png', 10) });
    FakeRequest.last!.answer(400, JSON.stringify({ message: 'The image could not be read' }), 'Bad Request');
    await expect(refused).rejects.toThrow('The image could not be read');

    const tooBig = uploadImage({ file: file('a.png', 'image/png', 10) });
    FakeRequest.last!.answer(413, '<html>Payload Too Large</html>', 'Payload Too Large');
    await expect(tooBig).rejects.toThrow('Images must be at most 5 MiB');
  });

  it('sends nothing when the file fails the checks', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const refused = uploadImage({ file: file('a.gif', 'image/gif', 0) });
    await expect(refused).rejects.toBeInstanceOf(RequestError);
    await expect(refused).rejects.toThrow('The file is empty');
    expect(FakeRequest.last).toBeNull();
  });

  it('says a network failure in the catalogue words and stops when cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const failed = uploadImage({ file: file('a.png', 'image/png', 10) });
    FakeRequest.last!.onerror?.();
    await expect(failed).rejects.toThrow(/Network error/);

    const controller = new AbortController();
    const cancelled = uploadImage({ file: file('a.png', 'image/png', 10), signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});

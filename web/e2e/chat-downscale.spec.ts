// On a slow link (issue 37, item 4) a large photo is made smaller in the
// browser before it is uploaded — longest side 1600 px — and the upload
// shows its progress; on a fast link it goes as it is. Read off the wire:
// the upload's Content-Length and what the server stored. The log then
// loads the thumbnail, not the original.

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { presetConsent } from './helpers';

const attachmentsPath = /\/api\/chat\/sessions\/[^/]+\/attachments$/;

/** The Network Information API as a browser on such a link reports it (Chromium's own follows the real link). */
async function onSlowLink(context: BrowserContext, effectiveType: string, saveData = false) {
  await context.addInitScript(
    ([type, save]) => {
      const connection = { effectiveType: type, saveData: save, addEventListener() {}, removeEventListener() {} };
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
    },
    [effectiveType, saveData] as const,
  );
}

async function startChat(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(`Photo ${Date.now().toString(36)}`);
  await panel.getByLabel('Email').fill('photo@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeVisible();
  return panel;
}

/**
 * A photo drawn in the page (shapes on a gradient: a camera's size, not a
 * binary in the repo): a 4000×3000 JPEG, or a 3000×2000 PNG with a
 * transparent background.
 */
async function bigPhoto(page: Page, type: 'image/jpeg' | 'image/png' = 'image/jpeg'): Promise<Buffer> {
  const base64 = await page.evaluate(async (type) => {
    const [width, height] = type === 'image/jpeg' ? [4000, 3000] : [3000, 2000];
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    if (type === 'image/jpeg') {
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#0b486b');
      gradient.addColorStop(1, '#f56217');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
    }
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 3000; i++) {
      context.fillStyle = `hsla(${Math.floor(random() * 360)}, 70%, 55%, 0.6)`;
      context.beginPath();
      context.arc(random() * width, random() * height, 5 + random() * 80, 0, Math.PI * 2);
      context.fill();
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, type);
  return Buffer.from(base64, 'base64');
}

type Stored = { id: string; width: number; height: number; byteSize: number; filename: string };

test('on 3G a 4000×3000 photo is sent at 1600×1200, smaller, with its progress shown; the log loads its thumbnail', async ({ page, context }) => {
  test.setTimeout(60_000);
  await presetConsent(context);
  await onSlowLink(context, '3g');
  const panel = await startChat(page);
  const photo = await bigPhoto(page);
  // A 3G-like upload (about 1.6 Mbit/s), so the progress is there to see.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 });

  const uploaded = page.waitForRequest((request) => attachmentsPath.test(new URL(request.url()).pathname) && request.method() === 'POST');
  const answered = page.waitForResponse((response) => attachmentsPath.test(new URL(response.url()).pathname));
  await panel.getByTestId('attachment-input').setInputFiles({ name: 'big-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  const progress = panel.getByRole('progressbar', { name: 'Uploading big-photo.jpg' });
  await expect(progress).toBeVisible();
  await expect(panel.getByTestId('attachment-draft')).toContainText(/Reduced from \d+(\.\d)? MB for your slow connection/);
  const seen = Number(await progress.getAttribute('aria-valuenow'));
  expect(seen).toBeLessThan(100);

  const sentBytes = Number(await (await uploaded).headerValue('content-length'));
  const response = await answered;
  expect(response.status()).toBe(201);
  const stored = (await response.json()) as Stored;
  console.log(`original ${photo.length} bytes (4000×3000); sent ${sentBytes} bytes on the wire; stored ${stored.width}×${stored.height}, ${stored.byteSize} bytes`);
  expect(Math.max(stored.width, stored.height)).toBe(1600);
  expect(stored.width / stored.height).toBeCloseTo(4 / 3, 2);
  expect(sentBytes).toBeLessThan(photo.length / 2);
  expect(stored.filename).toBe('big-photo.jpg');
  await expect(panel.getByRole('button', { name: 'Remove attachment' })).toBeVisible();

  // Sent: the log shows the thumbnail and fetches nothing bigger.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await panel.getByRole('button', { name: 'Send message' }).click();
  const image = panel.getByRole('log').getByTestId('attachment-image').locator('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await image.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight))).toBeLessThanOrEqual(320);
  expect(fetched.filter((path) => path.startsWith('/api/chat/attachments/'))).toEqual([`/api/chat/attachments/${stored.id}/thumbnail`]);
  await expect(panel.getByTestId('attachment-image')).toHaveAttribute('href', `/api/chat/attachments/${stored.id}`);
});

test('on a fast link the same photo goes as it is', async ({ page, context }) => {
  await presetConsent(context);
  await onSlowLink(context, '4g');
  const panel = await startChat(page);
  const photo = await bigPhoto(page);
  const uploaded = page.waitForRequest((request) => attachmentsPath.test(new URL(request.url()).pathname) && request.method() === 'POST');
  const answered = page.waitForResponse((response) => attachmentsPath.test(new URL(response.url()).pathname));
  await panel.getByTestId('attachment-input').setInputFiles({ name: 'big-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  const sentBytes = Number(await (await uploaded).headerValue('content-length'));
  const stored = (await (await answered).json()) as Stored;
  expect(sentBytes).toBeGreaterThan(photo.length);
  expect([stored.width, stored.height]).toEqual([4000, 3000]);
  await expect(panel.getByTestId('attachment-draft')).not.toContainText('Reduced from');
});

test('with Save-Data on, a PNG with transparency is sent as a WebP of 1600 px, still transparent', async ({ page, context }) => {
  await presetConsent(context);
  await onSlowLink(context, '4g', true);
  const panel = await startChat(page);
  const logo = await bigPhoto(page, 'image/png');
  const uploaded = page.waitForRequest((request) => attachmentsPath.test(new URL(request.url()).pathname) && request.method() === 'POST');
  const answered = page.waitForResponse((response) => attachmentsPath.test(new URL(response.url()).pathname));
  await panel.getByTestId('attachment-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  const sentBytes = Number(await (await uploaded).headerValue('content-length'));
  const stored = (await (await answered).json()) as Stored & { contentType: string };
  console.log(`PNG ${logo.length} bytes (3000×2000); sent ${sentBytes} bytes; stored ${stored.contentType} ${stored.width}×${stored.height}, ${stored.byteSize} bytes`);
  expect(sentBytes).toBeLessThan(logo.length);
  expect(stored).toMatchObject({ contentType: 'image/webp', width: 1600, height: 1067, filename: 'logo.webp' });
  // The corner, empty in the drawing, is still see-through.
  const alpha = await page.evaluate(async (id) => {
    const bitmap = await createImageBitmap(await (await fetch(`/api/chat/attachments/${id}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return Math.min(...Array.from({ length: 20 }, (_, i) => context.getImageData(i, 0, 1, 1).data[3]));
  }, stored.id);
  expect(alpha).toBe(0);
});

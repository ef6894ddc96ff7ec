import { describe, expect, it } from 'vitest';
import { downscaleImage, hasTransparency, isDownscalable, isSlowLink, outputType, renamed, targetSize } from './downscale';

describe('isSlowLink', () => {
  it('is slow on 2G and 3G, or with Save-Data on', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(isSlowLink({ effectiveType })).toBe(true);
    expect(isSlowLink({ effectiveType: '4g', saveData: true })).toBe(true);
  });

  it('is not slow on 4G, or when the browser does not say', () => {
    expect(isSlowLink({ effectiveType: '4g', saveData: false })).toBe(false);
    expect(isSlowLink({})).toBe(false);
    expect(isSlowLink(undefined)).toBe(false);
  });
});

describe('isDownscalable', () => {
  it('redraws PNG, JPEG and WebP only: a GIF may be animated, a PDF is not a picture', () => {
    expect(['image/png', 'image/jpeg', 'image/webp'].every(isDownscalable)).toBe(true);
    expect(isDownscalable('image/gif')).toBe(false);
    expect(isDownscalable('application/pdf')).toBe(false);
    expect(isDownscalable('')).toBe(false);
  });
});

describe('targetSize', () => {
  it('brings the longest side to 1600 px, keeping the shape', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(targetSize(12_000, 10)).toEqual({ width: 1600, height: 1 });
  });

  it('leaves an image that fits alone', () => {
    expect(targetSize(1600, 900)).toBeNull();
    expect(targetSize(800, 600)).toBeNull();
    expect(targetSize(0, 0)).toBeNull();
  });
});

describe('outputType and renamed', () => {
  it('makes photos JPEG and keeps transparency (and WebP) as WebP', () => {
    expect(outputType('image/jpeg', false)).toBe('image/jpeg');
    expect(outputType('image/png', false)).toBe('image/jpeg');
    expect(outputType('image/png', true)).toBe('image/webp');
    expect(outputType('image/webp', false)).toBe('image/webp');
  });

  it("gives the file its new type's extension", () => {
    expect(renamed('holiday photo.PNG', 'image/jpeg')).toBe('holiday photo.jpg');
    expect(renamed('logo.png', 'image/webp')).toBe('logo.webp');
    expect(renamed('.png', 'image/jpeg')).toBe('image.jpg');
    expect(renamed('scan', 'image/jpeg')).toBe('scan.jpg');
  });
});

describe('hasTransparency', () => {
  it('finds a pixel that is not fully opaque', () => {
    expect(hasTransparency(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 255]))).toBe(false);
    expect(hasTransparency(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(true);
  });
});

describe('downscaleImage', () => {
  it('sends the file as it is on a fast link, and GIFs and PDFs on any link', async () => {
    const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    expect(await downscaleImage(photo, { effectiveType: '4g' })).toBe(photo);
    const gif = new File(['x'], 'a.gif', { type: 'image/gif' });
    expect(await downscaleImage(gif, { effectiveType: '2g' })).toBe(gif);
    const pdf = new File(['%PDF-'], 'a.pdf', { type: 'application/pdf' });
    expect(await downscaleImage(pdf, { saveData: true })).toBe(pdf);
  });

  it('sends the file as it is when the browser cannot decode it', async () => {
    // jsdom has no createImageBitmap; a browser that fails to decode lands on the same path.
    const photo = new File(['not really a jpeg'], 'a.jpg', { type: 'image/jpeg' });
    expect(await downscaleImage(photo, { effectiveType: '3g' })).toBe(photo);
  });
});

// On a slow or metered link, a photo is made smaller in the browser before
// it is uploaded: longest side at most 1600 px, re-encoded (JPEG, or WebP
// when it has transparency), and sent only if that is smaller. GIFs (maybe
// animated) and PDFs go as they are. The decisions are pure functions; the
// canvas work is `downscaleImage`.

/** The longest side an image keeps on a slow link. */
export const slowLinkLongestSide = 1600;
/** Encoder quality for the smaller copy. */
export const downscaleQuality = 0.82;

/** The part of `navigator.connection` (Network Information API) read here. */
export interface LinkInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** 2G, 3G or Save-Data: every byte counts. Unknown (no API, as in Safari and Firefox) is not slow. */
export function isSlowLink(link: LinkInfo | undefined | null): boolean {
  if (!link) return false;
  return link.saveData === true || link.effectiveType === 'slow-2g' || link.effectiveType === '2g' || link.effectiveType === '3g';
}

/** The still-image types the browser can redraw; not GIF (it may be animated). */
export function isDownscalable(type: string): boolean {
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/webp';
}

/** The size to scale to so the longest side is at most `longest`, or null when it already fits. */
export function targetSize(width: number, height: number, longest = slowLinkLongestSide): { width: number; height: number } | null {
  if (width <= 0 || height <= 0 || Math.max(width, height) <= longest) return null;
  const scale = longest / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG for photos; WebP where transparency must survive (a PNG or WebP with alpha) or the source was WebP. */
export function outputType(sourceType: string, transparent: boolean): 'image/jpeg' | 'image/webp' {
  return transparent || sourceType === 'image/webp' ? 'image/webp' : 'image/jpeg';
}

/** The file's name with the extension of its new type: "photo.png" → "photo.jpg". */
export function renamed(name: string, type: 'image/jpeg' | 'image/webp'): string {
  const extension = type === 'image/jpeg' ? 'jpg' : 'webp';
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${base || 'image'}.${extension}`;
}

/** What the browser says about its link, if it says anything. */
export function currentLink(): LinkInfo | undefined {
  return (navigator as Navigator & { connection?: LinkInfo }).connection;
}

/** Whether any pixel of RGBA data is not fully opaque. */
export function hasTransparency(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return true;
  return false;
}

/** Whether `downscaleImage` will try: a slow link, a still image, a browser that can decode it. */
export function wantsDownscale(file: File, link: LinkInfo | undefined = currentLink()): boolean {
  return isSlowLink(link) && isDownscalable(file.type) && typeof createImageBitmap === 'function';
}

/**
 * `file` made smaller for a slow link, or `file` itself when the link is not
 * slow, the type is not one to redraw, it already fits, the browser cannot
 * do it, or the copy would not be smaller. Never throws.
 */
export async function downscaleImage(file: File, link: LinkInfo | undefined = currentLink()): Promise<File> {
  if (!wantsDownscale(file, link)) return file;
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = targetSize(bitmap.width, bitmap.height);
    if (!size) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d', { willReadFrequently: file.type !== 'image/jpeg' });
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    // A JPEG has no alpha; a PNG or WebP is checked pixel by pixel once scaled down.
    const transparent = file.type !== 'image/jpeg' && hasTransparency(context.getImageData(0, 0, size.width, size.height).data);
    const type = outputType(file.type, transparent);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, downscaleQuality));
    // A browser that cannot encode the type gives PNG instead: keep the original then.
    if (!blob || blob.type !== type || blob.size >= file.size) return file;
    return new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

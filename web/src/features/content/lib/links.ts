// Addresses that come from content (posts, events): an admin typed them, so
// they are used only when they are http(s) URLs or paths on this site.

/** True for `http://…`, `https://…` or a site path `/…` (not `//host`). */
export function isSafeHref(value: string | null | undefined): value is string {
  if (!value) return false;
  const href = value.trim();
  if (/^\/(?!\/)/.test(href)) return true;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string | null | undefined): value is string {
  return isSafeHref(value) && !value.trim().startsWith('/');
}

/**
 * The image path rule (spec §5): a path starting /objects/ or /images/, or an
 * http(s) URL, is used as is; any other value is a file name under /images/.
 * Null when there is no usable image.
 */
export function contentImageSrc(image: string | null | undefined): string | null {
  const value = image?.trim();
  if (!value) return null;
  if (value.startsWith('/objects/') || value.startsWith('/images/')) return value;
  if (/^https?:\/\//i.test(value)) return isHttpUrl(value) ? value : null;
  // A bare file name ("dc.jpg") or a path elsewhere ("/x.jpg"): one slash after /images.
  const name = value.replace(/^\/+/, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(name)) return null; // javascript:, data:… never reach an <img> this way
  return `/images/${name}`;
}

/** An inline image (`data:image/png;base64,…`) from the image-data call, else null. */
export function inlineImageSrc(imageData: string | null | undefined): string | null {
  const value = imageData?.trim();
  return value && /^data:image\/(png|jpe?g|webp|gif);base64,/i.test(value) ? value : null;
}

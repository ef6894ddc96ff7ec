/**
 * The `next` of `/login?next=…` when it is a path on this site, else null: it must start
 * with a single '/' (not '//' or '/\'), hold no backslash or control character, and still
 * resolve to this origin. Returns the path, query and hash as the URL parser reads them.
 */
export function safeReturnPath(
  next: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

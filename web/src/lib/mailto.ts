// mailto: links. An address is data, not part of the URL's syntax: its local
// part and domain are percent-encoded on their own (the '@' between them kept),
// so a '?', '&' or '%' in stored text cannot add headers such as bcc= or a body.

/** `mailto:` link for one address, with an optional subject. */
export function mailtoHref(address: string, { subject }: { subject?: string } = {}): string {
  const at = address.lastIndexOf('@');
  const target =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  return subject === undefined ? `mailto:${target}` : `mailto:${target}?subject=${encodeURIComponent(subject)}`;
}

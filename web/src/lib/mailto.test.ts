import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

/** The link as a mail client reads it: recipient and header fields. */
function parse(href: string) {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), headers: Object.fromEntries(url.searchParams) };
}

describe('mailtoHref', () => {
  it('leaves a plain address readable', () => {
    expect(mailtoHref('wanjiru@example.com')).toBe('mailto:wanjiru@example.com');
  });

  it("encodes the local part and the domain on their own, keeping the '@'", () => {
    expect(mailtoHref('a b+c%d@example.com')).toBe('mailto:a%20b%2Bc%25d@example.com');
    expect(mailtoHref('x@exa mple.com')).toBe('mailto:x@exa%20mple.com');
    expect(mailtoHref('a@b@c.co')).toBe('mailto:a%40b@c.co');
  });

  it("cannot be made to add headers with '?' or '&'", () => {
    const href = mailtoHref('x?bcc=spy@evil.example&cc=me@evil.example');
    expect(href).toBe('mailto:x%3Fbcc%3Dspy%40evil.example%26cc%3Dme@evil.example');
    expect(parse(href)).toEqual({ to: 'x?bcc=spy@evil.example&cc=me@evil.example', headers: {} });

    const inDomain = mailtoHref('ann@example.com?bcc=spy@evil.example');
    expect(inDomain).toBe('mailto:ann%40example.com%3Fbcc%3Dspy@evil.example');
    expect(parse(inDomain).headers).toEqual({});
  });

  it('encodes the subject, so it stays one header', () => {
    const href = mailtoHref('info@nyota.example', { subject: 'Plans & prices? 100% +more&bcc=spy@evil.example' });
    expect(href).toBe(
      'mailto:info@nyota.example?subject=Plans%20%26%20prices%3F%20100%25%20%2Bmore%26bcc%3Dspy%40evil.example',
    );
    expect(parse(href)).toEqual({
      to: 'info@nyota.example',
      headers: { subject: 'Plans & prices? 100% +more&bcc=spy@evil.example' },
    });
  });
});

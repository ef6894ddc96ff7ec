import { describe, expect, it } from 'vitest';
import { contentImageSrc, inlineImageSrc, isSafeHref } from './links';

describe('the image path rule (spec §5)', () => {
  it('uses /objects/, /images/ and http(s) paths as they are', () => {
    expect(contentImageSrc('/objects/0190f0a0-1')).toBe('/objects/0190f0a0-1');
    expect(contentImageSrc('/images/dc.jpg')).toBe('/images/dc.jpg');
    expect(contentImageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(contentImageSrc('http://cdn.example.com/a.png')).toBe('http://cdn.example.com/a.png');
  });

  it('prefixes anything else with /images/', () => {
    expect(contentImageSrc('dc.jpg')).toBe('/images/dc.jpg');
    expect(contentImageSrc('blog/dc.jpg')).toBe('/images/blog/dc.jpg');
    expect(contentImageSrc('/uploads/dc.jpg')).toBe('/images/uploads/dc.jpg');
  });

  it('gives no image for an empty value or a script address', () => {
    expect(contentImageSrc(null)).toBeNull();
    expect(contentImageSrc('  ')).toBeNull();
    expect(contentImageSrc('javascript:alert(1)')).toBeNull();
  });

  it('accepts only data:image URLs of raster types as inline data', () => {
    expect(inlineImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(inlineImageSrc('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(inlineImageSrc(null)).toBeNull();
  });
});

describe('content links', () => {
  it('are http(s) or site paths only', () => {
    expect(isSafeHref('https://example.com/a')).toBe(true);
    expect(isSafeHref('/contact')).toBe(true);
    expect(isSafeHref('//evil.example')).toBe(false);
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref('mailto:a@b.c')).toBe(false);
    expect(isSafeHref('')).toBe(false);
    expect(isSafeHref(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { post } from '@/test/content-fixtures';
import {
  blogPostFieldFor,
  blogPostInput,
  blogPostInputOf,
  blogPostSchema,
  blogPostValues,
  previewPost,
  publishNow,
  publishTexts,
  schedule,
} from './blog-post-model';

const valid = {
  ...blogPostValues(null, 'Wanjiru Kamau'),
  title: 'Data stays in Africa',
  excerpt: 'Why residency matters.',
  fullContent: 'First line\nSecond line',
  category: 'Compliance',
};

function errorsOf(values: unknown): Record<string, string> {
  const result = blogPostSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the blog post form rules', () => {
  it('names every missing required field in the server words', () => {
    expect(errorsOf(blogPostValues(null))).toEqual({
      title: 'Title is required',
      excerpt: 'Excerpt is required',
      fullContent: 'Content is required',
      category: 'Category is required',
      author: 'Author is required',
    });
    expect(errorsOf(valid)).toEqual({});
  });

  it('checks lengths and links', () => {
    expect(
      errorsOf({ ...valid, title: 'x'.repeat(201), category: 'c'.repeat(61), readTime: 'r'.repeat(41), image: 'dc.jpg', sourceUrl: 'ftp://x' }),
    ).toEqual({
      title: 'Title must be at most 200 characters',
      category: 'Category must be at most 60 characters',
      readTime: 'Read time must be at most 40 characters',
      image: 'Image must be a web address (http:// or https://) or a site path starting with /',
      sourceUrl: 'Source URL must be a web address (http:// or https://) or a site path starting with /',
    });
  });

  it('places server messages next to the field they name', () => {
    expect(blogPostFieldFor('Title is required')).toBe('title');
    expect(blogPostFieldFor('Content must be at most 100000 characters')).toBe('fullContent');
    expect(blogPostFieldFor('Source URL must be a web address (http:// or https://) or a site path starting with /')).toBe(
      'sourceUrl',
    );
    expect(blogPostFieldFor('Publication date must be a date and time like 2026-01-31T09:00:00Z')).toBe('publishedAt');
    expect(blogPostFieldFor('Status is not valid')).toBe('status');
    expect(blogPostFieldFor('The request body is not valid JSON')).toBeNull();
  });
});

describe('the blog post body', () => {
  it('trims, leaves out empty optional fields and lets the server date a new post', () => {
    expect(blogPostInput({ ...valid, title: '  Data stays in Africa ', image: ' ', readTime: '' })).toEqual({
      title: 'Data stays in Africa',
      excerpt: 'Why residency matters.',
      fullContent: 'First line\nSecond line',
      category: 'Compliance',
      author: 'Wanjiru Kamau',
      publishedAt: undefined,
      readTime: undefined,
      image: undefined,
      sourceUrl: undefined,
      featured: false,
      status: 'draft',
      contentFormat: 'markdown',
      language: 'en',
      translationOf: null,
    });
  });

  it('sends the language and the post it translates (none when the picker says so)', () => {
    expect(blogPostInput({ ...valid, language: 'fr', translationOf: 'abc' })).toMatchObject({ language: 'fr', translationOf: 'abc' });
    expect(blogPostInput({ ...valid, translationOf: '' }).translationOf).toBeNull();
    const translation = post({ language: 'sw', translationOf: 'orig' });
    expect(blogPostValues(translation)).toMatchObject({ language: 'sw', translationOf: 'orig' });
    expect(blogPostInputOf(translation, { featured: true })).toMatchObject({ language: 'sw', translationOf: 'orig' });
  });

  it('puts the translation refusals at the Translation of field', () => {
    expect(blogPostFieldFor('A post cannot be a translation of itself')).toBe('translationOf');
    expect(blogPostFieldFor('The post this one translates does not exist')).toBe('translationOf');
  });

  it('keeps the exact publication time while the minute is unchanged, else that minute in Nairobi', () => {
    const original = post({ publishedAt: '2026-11-22T22:30:12.5Z' });
    const values = blogPostValues(original);
    expect(values.publishedAt).toBe('2026-11-23T01:30');
    expect(blogPostInput(values, original).publishedAt).toBe('2026-11-22T22:30:12.5Z');
    expect(blogPostInput({ ...values, publishedAt: '2026-12-01T18:45' }, original).publishedAt).toBe('2026-12-01T18:45:00+03:00');
    expect(errorsOf({ ...valid, publishedAt: '2026-02-30T09:00' })).toEqual({
      publishedAt: 'Publication date must be a date and time like 2026-03-14 09:00',
    });
    expect(errorsOf({ ...valid, publishedAt: '2026-03-14T24:00' })).toHaveProperty('publishedAt');
  });

  it('leaves a computed read time empty, so the server computes it again', () => {
    const computed = post({ readTime: '3 min read', readTimeAuto: true });
    expect(blogPostValues(computed).readTime).toBe('');
    expect(blogPostInput(blogPostValues(computed), computed).readTime).toBeUndefined();
    expect(blogPostInputOf(computed, { featured: true }).readTime).toBeUndefined();
    const chosen = post({ readTime: '12 min read', readTimeAuto: false });
    expect(blogPostValues(chosen).readTime).toBe('12 min read');
  });

  it('keeps the status and format of an existing post; a new one is a Markdown draft', () => {
    expect(blogPostValues(null)).toMatchObject({ status: 'draft', contentFormat: 'markdown' });
    const old = post({ status: 'published', contentFormat: 'plain' });
    expect(blogPostInput(blogPostValues(old), old)).toMatchObject({ status: 'published', contentFormat: 'plain' });
    expect(blogPostInputOf(old, { featured: true })).toMatchObject({ status: 'published', contentFormat: 'plain' });
  });

  it('rewrites a post with one field changed (the featured switch)', () => {
    const original = post({ featured: false, image: '/objects/abc', sourceUrl: null, readTime: '4 min read' });
    expect(blogPostInputOf(original, { featured: true })).toMatchObject({
      title: original.title,
      publishedAt: original.publishedAt,
      image: '/objects/abc',
      sourceUrl: undefined,
      readTime: '4 min read',
      featured: true,
    });
  });

  it('previews what the public page will show, keeping the views of an existing post', () => {
    const original = post({ uvm: 42 });
    const preview = previewPost({ ...blogPostValues(original), title: 'New title' }, original);
    expect(preview).toMatchObject({ id: original.id, title: 'New title', uvm: 42, imageData: null, contentHtml: null });
    expect(previewPost(valid).uvm).toBe(0);
    const rendered = previewPost(valid, null, { html: '<h2>Hi</h2>', readTime: '2 min read' });
    expect(rendered).toMatchObject({ contentHtml: '<h2>Hi</h2>', readTime: '2 min read', readTimeAuto: true });
    expect(previewPost({ ...valid, readTime: '9 min read' }, null, { html: '', readTime: '2 min read' }).readTime).toBe('9 min read');
  });
});

describe('the publishing actions', () => {
  const now = new Date('2026-03-14T06:30:20Z'); // 09:30 in Nairobi

  it('publishes now from the current minute in Nairobi', () => {
    expect(publishNow({ ...valid, status: 'draft', publishedAt: '2027-01-01T10:00' }, now)).toEqual({
      values: { ...valid, status: 'published', publishedAt: '2026-03-14T09:30' },
    });
  });

  it('schedules only for a minute after now', () => {
    expect(schedule({ ...valid, publishedAt: '2026-03-14T09:31' }, now)).toEqual({
      values: { ...valid, status: 'published', publishedAt: '2026-03-14T09:31' },
    });
    for (const publishedAt of ['', '2026-03-14T09:30', '2025-12-31T23:59', 'soon']) {
      expect(schedule({ ...valid, publishedAt }, now)).toEqual({ field: 'publishedAt', message: publishTexts.scheduleNeedsFutureTime });
    }
  });
});

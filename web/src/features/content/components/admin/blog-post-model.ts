// The blog post form: its values, the rules (the server's, in its words), and
// the conversions between a post, the form and the API's BlogPostInput.

import { z } from 'zod';
import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostInput } from '@/api-types/BlogPostInput';
import { checkLink, checkText, dayInNairobi, fieldForMessage, isBlank, isCalendarDate, ruled } from './content-rules';

export const blogPostSchema = z.object({
  title: ruled((v) => checkText('Title', v, { required: true, max: 200 })),
  excerpt: ruled((v) => checkText('Excerpt', v, { required: true, max: 1_000, multiline: true })),
  fullContent: ruled((v) => checkText('Content', v, { required: true, max: 100_000, multiline: true })),
  category: ruled((v) => checkText('Category', v, { required: true, max: 60 })),
  author: ruled((v) => checkText('Author', v, { required: true, max: 100 })),
  publishedDate: ruled((v) =>
    v === '' || isCalendarDate(v) ? null : 'Publication date must be a calendar date like 2026-03-14',
  ),
  readTime: ruled((v) => checkText('Read time', v, { max: 40 })),
  image: ruled((v) => checkLink('Image', v)),
  sourceUrl: ruled((v) => checkLink('Source URL', v)),
  featured: z.boolean(),
});

export type BlogPostValues = z.infer<typeof blogPostSchema>;
export type BlogPostField = keyof BlogPostValues;

/** The server's field labels (BlogPostInput::LABELS), for placing its message next to the field. */
export const blogPostLabels = [
  ['Title', 'title'],
  ['Excerpt', 'excerpt'],
  ['Content', 'fullContent'],
  ['Category', 'category'],
  ['Author', 'author'],
  ['Publication date', 'publishedDate'],
  ['Read time', 'readTime'],
  ['Image', 'image'],
  ['Source URL', 'sourceUrl'],
  ['Featured', 'featured'],
] as const satisfies ReadonlyArray<readonly [string, BlogPostField]>;

export function blogPostFieldFor(message: string): BlogPostField | null {
  return fieldForMessage(message, blogPostLabels);
}

/** The form's values for a post, or the empty form (author prefilled) for a new one. */
export function blogPostValues(post?: BlogPost | null, defaultAuthor = ''): BlogPostValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    fullContent: post?.fullContent ?? '',
    category: post?.category ?? '',
    author: post?.author ?? defaultAuthor,
    publishedDate: post ? dayInNairobi(post.publishedAt) : '',
    readTime: post?.readTime ?? '',
    image: post?.image ?? '',
    sourceUrl: post?.sourceUrl ?? '',
    featured: post?.featured ?? false,
  };
}

/** A day chosen in the form becomes 09:00 in Nairobi that day. */
function publicationInstant(day: string): string {
  return `${day}T09:00:00+03:00`;
}

const optional = (value: string) => (isBlank(value) ? undefined : value.trim());

/**
 * The API body for the form's values. An unchanged day keeps the post's exact
 * publication time; an empty day lets the server use now.
 */
export function blogPostInput(values: BlogPostValues, original?: BlogPost | null): BlogPostInput {
  const day = values.publishedDate;
  let publishedAt: string | undefined;
  if (day !== '') {
    publishedAt = original && dayInNairobi(original.publishedAt) === day ? original.publishedAt : publicationInstant(day);
  }
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    fullContent: values.fullContent.trim(),
    category: values.category.trim(),
    author: values.author.trim(),
    publishedAt,
    readTime: optional(values.readTime),
    image: optional(values.image),
    sourceUrl: optional(values.sourceUrl),
    featured: values.featured,
  };
}

/** A post's own fields as an API body, with some changed (the featured toggle, bulk actions). */
export function blogPostInputOf(post: BlogPost, changes: Partial<BlogPostInput> = {}): BlogPostInput {
  return {
    title: post.title,
    excerpt: post.excerpt,
    fullContent: post.fullContent,
    category: post.category,
    author: post.author,
    publishedAt: post.publishedAt,
    readTime: post.readTime || undefined,
    image: post.image ?? undefined,
    sourceUrl: post.sourceUrl ?? undefined,
    featured: post.featured,
    ...changes,
  };
}

/** What the preview shows for the form's values: the post as the public page will render it once saved. */
export function previewPost(values: BlogPostValues, original?: BlogPost | null): BlogPost {
  const input = blogPostInput(values, original);
  return {
    id: original?.id ?? 'preview',
    title: input.title,
    excerpt: input.excerpt,
    fullContent: input.fullContent,
    category: input.category,
    author: input.author,
    publishedAt: input.publishedAt ?? new Date().toISOString(),
    readTime: input.readTime ?? '',
    image: input.image ?? null,
    imageData: null,
    sourceUrl: input.sourceUrl ?? null,
    uvm: original?.uvm ?? 0,
    featured: input.featured ?? false,
  };
}

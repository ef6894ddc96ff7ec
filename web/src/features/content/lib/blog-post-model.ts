// The blog post form: its values, the rules (the server's, in its words), and
// the conversions between a post, the form and the API's BlogPostInput.

import { z } from 'zod';
import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostInput } from '@/api-types/BlogPostInput';
import type { Language } from '@/api-types/Language';
import { postLimits } from '@/api-types/input-limits';
import { checkImage, checkLink, checkText, fieldForMessage, isBlank, isLocalMinute, minuteInNairobi, ruled } from './content-rules';

export const blogPostSchema = z.object({
  title: ruled((v) => checkText('Title', v, { required: true, max: postLimits.titleChars })),
  excerpt: ruled((v) => checkText('Excerpt', v, { required: true, max: postLimits.excerptChars, multiline: true })),
  fullContent: ruled((v) => checkText('Content', v, { required: true, max: postLimits.contentChars, multiline: true })),
  category: ruled((v) => checkText('Category', v, { required: true, max: postLimits.categoryChars })),
  author: ruled((v) => checkText('Author', v, { required: true, max: postLimits.authorChars })),
  publishedAt: ruled((v) =>
    v === '' || isLocalMinute(v) ? null : 'Publication date must be a date and time like 2026-03-14 09:00',
  ),
  readTime: ruled((v) => checkText('Read time', v, { max: postLimits.readTimeChars })),
  image: ruled(checkImage),
  sourceUrl: ruled((v) => checkLink('Source URL', v)),
  featured: z.boolean(),
  status: z.enum(['draft', 'published']),
  contentFormat: z.enum(['plain', 'markdown']),
  language: z.enum(['en', 'fr', 'sw']),
  /** The post this one translates; '' when none. */
  translationOf: z.string(),
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
  ['Publication date', 'publishedAt'],
  ['Read time', 'readTime'],
  ['Image', 'image'],
  ['Source URL', 'sourceUrl'],
  ['Featured', 'featured'],
  ['Status', 'status'],
  ['Content format', 'contentFormat'],
  ['Language', 'language'],
  ['Translation of', 'translationOf'],
] as const satisfies ReadonlyArray<readonly [string, BlogPostField]>;

/** The languages as the admin names them (its texts are English). */
export const adminLanguageNames: Record<Language, string> = { en: 'English', fr: 'French', sw: 'Kiswahili' };

/** The language select of the post and event forms. */
export const languageOptions = (Object.keys(adminLanguageNames) as Language[]).map((value) => ({
  value,
  label: adminLanguageNames[value],
}));

export function blogPostFieldFor(message: string): BlogPostField | null {
  // The translation refusals (a link to itself, a language the group has) name no label.
  if (/translat/i.test(message)) return 'translationOf';
  return fieldForMessage(message, blogPostLabels);
}

/**
 * The form's values for a post, or the empty form (author prefilled) for a
 * new one: a Markdown draft. A computed read time shows as empty (the field's
 * placeholder gives the computed one).
 */
export function blogPostValues(post?: BlogPost | null, defaultAuthor = ''): BlogPostValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    fullContent: post?.fullContent ?? '',
    category: post?.category ?? '',
    author: post?.author ?? defaultAuthor,
    publishedAt: post ? minuteInNairobi(post.publishedAt) : '',
    readTime: post && !post.readTimeAuto ? post.readTime : '',
    image: post?.image ?? '',
    sourceUrl: post?.sourceUrl ?? '',
    featured: post?.featured ?? false,
    status: post?.status ?? 'draft',
    contentFormat: post?.contentFormat ?? 'markdown',
    language: post?.language ?? 'en',
    translationOf: post?.translationOf ?? '',
  };
}

/** A minute chosen in the form is that minute in Nairobi (UTC+3 all year). */
function publicationInstant(minute: string): string {
  return `${minute}:00+03:00`;
}

const optional = (value: string) => (isBlank(value) ? undefined : value.trim());

/**
 * The API body for the form's values. An unchanged minute keeps the post's
 * exact publication time; an empty one lets the server use now. An empty read
 * time lets the server compute it.
 */
export function blogPostInput(values: BlogPostValues, original?: BlogPost | null): BlogPostInput {
  const minute = values.publishedAt;
  let publishedAt: string | undefined;
  if (minute !== '') {
    publishedAt = original && minuteInNairobi(original.publishedAt) === minute ? original.publishedAt : publicationInstant(minute);
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
    status: values.status,
    contentFormat: values.contentFormat,
    language: values.language,
    translationOf: values.translationOf === '' ? null : values.translationOf,
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
    readTime: post.readTimeAuto ? undefined : post.readTime || undefined,
    image: post.image ?? undefined,
    sourceUrl: post.sourceUrl ?? undefined,
    featured: post.featured,
    status: post.status,
    contentFormat: post.contentFormat,
    language: post.language,
    translationOf: post.translationOf,
    ...changes,
  };
}

/**
 * What the preview shows for the form's values: the post as the public page
 * will render it once saved, with the content and the computed read time
 * from the server's preview.
 */
export function previewPost(
  values: BlogPostValues,
  original?: BlogPost | null,
  rendered?: { html: string; readTime: string } | null,
): BlogPost {
  const input = blogPostInput(values, original);
  return {
    id: original?.id ?? 'preview',
    title: input.title,
    excerpt: input.excerpt,
    fullContent: input.fullContent,
    category: input.category,
    author: input.author,
    publishedAt: input.publishedAt ?? new Date().toISOString(),
    readTime: input.readTime ?? rendered?.readTime ?? '',
    image: input.image ?? null,
    imageData: null,
    sourceUrl: input.sourceUrl ?? null,
    uvm: original?.uvm ?? 0,
    featured: input.featured ?? false,
    status: values.status,
    contentFormat: values.contentFormat,
    contentHtml: rendered?.html ?? null,
    readTimeAuto: input.readTime === undefined,
    language: values.language,
    translationOf: input.translationOf ?? null,
    translations: original?.translations ?? [],
  };
}

/** What a publishing action makes of the form's values, or why it cannot. */
export type PublishOutcome = { values: BlogPostValues } | { field: 'publishedAt'; message: string };

export const publishTexts = {
  scheduleNeedsFutureTime: 'Pick a date and time after now to schedule the post',
} as const;

/** Publish now: published, from this minute (Nairobi time, as the date field shows it). */
export function publishNow(values: BlogPostValues, now: Date = new Date()): PublishOutcome {
  return { values: { ...values, status: 'published', publishedAt: minuteInNairobi(now) } };
}

/** Schedule: published from the chosen minute, which must lie ahead (else it would be public at once). */
export function schedule(values: BlogPostValues, now: Date = new Date()): PublishOutcome {
  const minute = values.publishedAt;
  if (!isLocalMinute(minute) || Date.parse(publicationInstant(minute)) <= now.getTime()) {
    return { field: 'publishedAt', message: publishTexts.scheduleNeedsFutureTime };
  }
  return { values: { ...values, status: 'published' } };
}

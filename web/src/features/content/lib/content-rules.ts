// The server's input rules for posts and events (gateway/src/platform/input.rs
// and gateway/src/content/rules.rs), checked in the browser first with the
// same words, so a form shows "Title is required" before anything is sent.
// The limits are the server's own, generated (`@/api-types/input-limits`).

import { z } from 'zod';
import { linkMaxChars } from '@/api-types/input-limits';

/**
 * A text field's hard cap (its `maxLength`): twice the rule's limit, so a
 * paste that is too long shows the rule's message instead of being cut.
 */
export const typingCap = (limit: number) => limit * 2;

/** Ranges of characters that draw nothing (the server's `is_invisible`). */
const invisibleRanges: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfe00, 0xfe0f],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

function isInvisible(code: number): boolean {
  return invisibleRanges.some(([from, to]) => code >= from && code <= to);
}

/** Empty, or only spaces and invisible characters (the server's "blank"). */
export function isBlank(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (!/\s/.test(char) && !isInvisible(code)) return false;
  }
  return true;
}

/** A Unicode control character (category Cc), as Rust's `char::is_control`. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

function hasControl(value: string, allowNewlines: boolean): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (isControl(code) && !(allowNewlines && (char === '\n' || char === '\t'))) return true;
  }
  return false;
}

/** Characters as the server counts them (Unicode scalar values, not UTF-16 units). */
export function charCount(value: string): number {
  return [...value].length;
}

export interface TextRule {
  required?: boolean;
  max?: number;
  /** Newlines and tabs allowed (excerpt, content, description). */
  multiline?: boolean;
}

/** The first broken rule of a text field, in the server's words; null when the value passes. */
export function checkText(label: string, raw: string, { required = false, max, multiline = false }: TextRule): string | null {
  const value = multiline ? raw.trim().replace(/\r\n/g, '\n') : raw.trim();
  if (hasControl(value, multiline)) return `${label} must not contain control characters`;
  if (required && isBlank(value)) return `${label} is required`;
  if (max !== undefined && charCount(value) > max) return `${label} must be at most ${max} characters`;
  return null;
}

/** The server's message for a link that is neither an http(s) address nor a site path. */
export const linkMessage = (label: string) =>
  `${label} must be a web address (http:// or https://) or a site path starting with /`;

/** An optional link: empty, an `http(s)://` address or a site path (`/…`, never `//…`), at most `linkMaxChars` characters. */
export function checkLink(label: string, raw: string): string | null {
  const basic = checkText(label, raw, { max: linkMaxChars });
  if (basic) return basic;
  const value = raw.trim();
  if (isBlank(value)) return null;
  const lower = value.toLowerCase();
  const web = ['http://', 'https://'].some((scheme) => lower.startsWith(scheme) && lower.length > scheme.length);
  const path = value.startsWith('/') && !value.startsWith('//');
  const clean = !/[\s\\]/.test(value);
  return (web || path) && clean ? null : linkMessage(label);
}

/** The server's message for an image on another site. */
export const outsideImageMessage =
  "Image must be a site path such as /objects/… (upload an image from another site under Uploads first: every visitor's browser would otherwise fetch it from there)";

/** An optional image: a link that is a site path, never an address on another site (fetched by every visitor on load). */
export function checkImage(raw: string): string | null {
  const problem = checkLink('Image', raw);
  if (problem) return problem;
  const value = raw.trim();
  return isBlank(value) || value.startsWith('/') ? null : outsideImageMessage;
}

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A zod string checked by one of the rules above. */
export function ruled(check: (value: string) => string | null) {
  return z.string().superRefine((value, context) => {
    const message = check(value);
    if (message) context.addIssue({ code: z.ZodIssueCode.custom, message });
  });
}

/**
 * The form field a server message is about: the server names one field by its
 * label at the start of the message ("Title is required"). The longest
 * matching label wins ("Registration link" over a shorter one); null when the
 * message names none (it is then shown for the whole form).
 */
export function fieldForMessage<Field extends string>(
  message: string,
  labels: ReadonlyArray<readonly [label: string, field: Field]>,
): Field | null {
  const found = [...labels]
    .sort((a, b) => b[0].length - a[0].length)
    .find(([label]) => message === label || message.startsWith(`${label} `));
  return found ? found[1] : null;
}

const nairobiDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) an instant falls on in Nairobi, where the server dates events and posts. */
export function dayInNairobi(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(date.getTime()) ? '' : nairobiDay.format(date);
}

const nairobiMinute = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The minute an instant falls on in Nairobi, as a datetime-local value (YYYY-MM-DDTHH:mm). */
export function minuteInNairobi(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(nairobiMinute.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** Whether a datetime-local value (YYYY-MM-DDTHH:mm) names a real minute. */
export function isLocalMinute(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/.exec(value);
  return match?.[1] !== undefined && isCalendarDate(match[1]);
}

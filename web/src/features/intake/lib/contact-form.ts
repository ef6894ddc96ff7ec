// The contact and demo forms' logic, shared by every page that shows one:
// one "fill" per form (its idempotency key and when it was first shown), and
// which field a server refusal is about, and its words in the page's language.

import { activeLocale, t } from '@/i18n/i18n';

/** The fields a visitor fills in. */
export type ContactField = 'name' | 'email' | 'subject' | 'message' | 'phone' | 'company';

/**
 * One filling of a form: the `Idempotency-Key` every attempt to send it
 * carries (a retry after a failure sends the same request again, so the
 * server files it once) and when the form was first shown (`shownAt`, on
 * the page's monotonic clock, `performance.now()`: a wrong system clock
 * cannot make a person look like a bot).
 */
export interface FormFill {
  key: string;
  shownAt: number;
}

function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: 128 random bits from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new fill, shown now. */
export function newFormFill(now: number = performance.now()): FormFill {
  return { key: randomKey(), shownAt: now };
}

/** How long the form has been on screen, in whole milliseconds. */
export function fillDuration(fill: FormFill, now: number = performance.now()): number {
  return Math.max(0, Math.round(now - fill.shownAt));
}

/**
 * The hidden honeypot field's name: people never see it (visually hidden,
 * out of the tab order, hidden from screen readers), so only bots fill it,
 * and the server then drops the request silently.
 */
export const honeypotName = 'website';

/** The words each field's server messages start with (gateway/src/http/intake.rs labels). */
const labels: [string, ContactField][] = [
  ['Name', 'name'],
  ['Email', 'email'],
  ['Subject', 'subject'],
  ['Message', 'message'],
  ['Phone', 'phone'],
  ['Company', 'company'],
];

/**
 * The field a 400's message is about ("Name is required", "Message must be
 * at most 5000 characters", "Please enter a valid email address"), or null
 * when it names none of the visitor's fields.
 */
export function fieldOfRefusal(message: string): ContactField | null {
  if (message === 'Please enter a valid email address') return 'email';
  const found = labels.find(([label]) => message.startsWith(`${label} `));
  return found ? found[1] : null;
}

/**
 * A refusal's words for the page: the server's own in English; in another
 * language the same refusal in that language (shown by its field, so without
 * the field's name), or the server's words when it is not one of these.
 */
export function refusalText(message: string): string {
  if (activeLocale() === 'en') return message;
  if (message === 'Please enter a valid email address') return t('messageForm.refusal.email');
  if (/^\p{L}+ is required$/u.test(message)) return t('messageForm.refusal.required');
  if (/ must not contain control characters$/.test(message)) return t('messageForm.refusal.controlCharacters');
  const tooLong = / must be at most (\d+) characters$/.exec(message);
  if (tooLong) return t('messageForm.refusal.tooLong', { max: Number(tooLong[1]) });
  return message;
}

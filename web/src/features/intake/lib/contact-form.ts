// The contact and demo forms' logic, shared by every page that shows one:
// one "fill" per form (its idempotency key and when it was first shown), and
// which field a server refusal is about.

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

/** The fields of the form, as the server names them in a refusal's `field`. */
const contactFields: readonly ContactField[] = ['name', 'email', 'subject', 'message', 'phone', 'company'];

/**
 * The visitor's field a 400 refusal is about: the server's `field` when it
 * is one of the form's, else null. The refusal's words are shown as the
 * server wrote them, in the page's language (the request's Accept-Language).
 */
export function fieldOfRefusal(field: string | null): ContactField | null {
  return contactFields.find((name) => name === field) ?? null;
}

// The waitlist form's English messages, with its code (another language's
// load with the page: app/router.tsx).
import 'virtual:catalog/en/waitlist';
import { t, type MessageId } from '@/i18n/i18n';
import { invalidEmailMessage } from '@/lib/email';
import { messages } from '@/lib/error-catalogue';
import { waitlistTexts } from '../api/waitlist-join';

/**
 * The failures the site writes itself and the server's answers to a
 * waitlist request, each by its English words (the shared rules and error
 * catalogue stay English): the same words in English, the page's language's
 * otherwise.
 */
const known: Record<string, MessageId> = {
  [invalidEmailMessage]: 'waitlist.problem.invalidEmail',
  [waitlistTexts.networkFailure]: 'waitlist.failure.network',
  [messages.offline]: 'waitlist.failure.offline',
  [messages.serverError]: 'waitlist.failure.serverError',
  [messages.tooManyRequests]: 'waitlist.failure.tooManyRequests',
  // The server's own words (gateway/src/intake/http/waitlist.rs, platform/limits/catalogue.rs).
  "Thank you! You're on the waitlist. We've sent you a confirmation email.": 'waitlist.server.joined',
  'The waitlist cannot be joined right now. Please try again.': 'waitlist.server.unavailable',
  'Too many waitlist requests. Please try again later.': 'waitlist.server.tooMany',
};

/** A message's words in the page's language when the site knows them; the server's own words otherwise. */
export function waitlistText(message: string): string {
  const id = known[message];
  return id ? t(id) : message;
}

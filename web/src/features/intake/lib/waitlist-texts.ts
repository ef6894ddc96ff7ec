// The waitlist form's English messages, with its code (another language's
// load with the page: app/router.tsx).
import 'virtual:catalog/en/waitlist';
import { t, type MessageId } from '@/i18n/i18n';
import { invalidEmailMessage } from '@/lib/email';
import { messages } from '@/lib/error-catalogue';
import { waitlistTexts } from '../api/waitlist-join';

/**
 * The failures the site writes itself, each by its English words (the
 * shared rules and error catalogue stay English): the same words in English,
 * the page's language's otherwise. The server's answers come in the page's
 * language already (Accept-Language).
 */
const known: Record<string, MessageId> = {
  [invalidEmailMessage]: 'waitlist.problem.invalidEmail',
  [waitlistTexts.networkFailure]: 'waitlist.failure.network',
  [messages.offline]: 'waitlist.failure.offline',
  [messages.serverError]: 'waitlist.failure.serverError',
  [messages.tooManyRequests]: 'waitlist.failure.tooManyRequests',
};

/** A message's words in the page's language when the site wrote them; the server's own words (already in it) otherwise. */
export function waitlistText(message: string): string {
  const id = known[message];
  return id ? t(id) : message;
}

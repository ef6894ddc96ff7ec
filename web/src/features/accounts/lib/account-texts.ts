// The sign-in and registration forms' English messages, with their code
// (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/account';
import { messages } from '@/lib/error-catalogue';
import { t, type MessageId } from '@/i18n/i18n';
import { validation } from './auth-schemas';

/**
 * The forms' validation messages and the sign-in and registration failures
 * the site writes itself, each by its English words (the shared rules and
 * error catalogue stay English): the same words in English, the page's
 * language's otherwise. The server's refusals come in the page's language
 * already (the request's Accept-Language) and are shown as they are.
 */
const known: Record<string, MessageId> = {
  [validation.invalidEmail]: 'account.problem.invalidEmail',
  [validation.passwordMin8]: 'account.problem.passwordMin8',
  [validation.passwordMin6]: 'account.problem.passwordMin6',
  [validation.firstNameRequired]: 'account.problem.firstNameRequired',
  [validation.lastNameRequired]: 'account.problem.lastNameRequired',
  [validation.phoneRequired]: 'account.problem.phoneRequired',
  [validation.emailRequired]: 'account.problem.emailRequired',
  [validation.passwordRequired]: 'account.problem.passwordRequired',
  [validation.confirmRequired]: 'account.problem.confirmRequired',
  [validation.passwordsDiffer]: 'account.problem.passwordsDiffer',
  [messages.offline]: 'account.failure.offline',
  [messages.serverError]: 'account.failure.serverError',
  [messages.loginInvalid]: 'account.failure.loginInvalid',
  [messages.loginLocked]: 'account.failure.loginLocked',
  [messages.loginNetwork]: 'account.failure.loginNetwork',
  [messages.registerInvalid]: 'account.failure.registerInvalid',
  [messages.registerDisabled]: 'account.failure.registerDisabled',
  [messages.registerTooMany]: 'account.failure.registerTooMany',
  [messages.registerNetwork]: 'account.failure.registerNetwork',
  [messages.alreadyRegistered]: 'account.failure.alreadyRegistered',
  [messages.registerFallback]: 'account.failure.registerFallback',
  [messages.tooManyRequests]: 'account.failure.tooManyRequests',
  [messages.network]: 'account.failure.network',
  // Passkeys: a name refused before sending, and a browser prompt that failed (api/passkeys.ts).
  'Give the passkey a name, such as "Work laptop"': 'account.passkey.nameRequired',
  'The name must be on one line': 'account.passkey.nameOneLine',
  'The name must be at most 60 characters': 'account.passkey.nameTooLong',
  'This browser does not support passkeys. Use another browser, or your authenticator app.': 'account.passkey.unsupported',
  'This device already has a passkey for your account. Use another device, or remove the old passkey first.':
    'account.passkey.alreadyRegistered',
  'Passkeys cannot be used at this address. Use your authenticator app instead.': 'account.passkey.wrongAddress',
  'This device cannot make a passkey that verifies you (a PIN, fingerprint or face). Try another device.':
    'account.passkey.cannotVerify',
  'The passkey prompt was closed or timed out, so no passkey was added. Try again when you are ready.':
    'account.passkey.addCancelled',
  'The passkey prompt was closed or timed out. Try again, or use another way to sign in.': 'account.passkey.signInCancelled',
  'Your device could not make a passkey. Try again, or use another device.': 'account.passkey.addFailed',
  'Your device could not use the passkey. Try again, or use another way to sign in.': 'account.passkey.signInFailed',
};

/** A problem's words in the page's language when the site wrote them; the server's own words (already in it) otherwise. */
export function problemText(message: string): string;
export function problemText(message: string | undefined): string | undefined;
export function problemText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const id = known[message];
  return id ? t(id) : message;
}

// POST /api/messages: a contact or demo request from a public page (the
// contact page, the finance and hosted-email demo forms). The server answers
// 202 once the request is queued; it is stored and emailed by a worker.

// The form's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/messageForm';
import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@/api-types/ContactMessageInput';
import type { MessageAccepted } from '@/api-types/MessageAccepted';
import { activeLocale, t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { fillDuration, type FormFill } from '../lib/contact-form';
import type { RequestFailure } from '@/lib/error-catalogue';

/** What a form sends: the fields, the page, the honeypot and its fill. */
export interface SendMessageRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
  phone?: string;
  company?: string;
  /** The page the message was sent from, e.g. "/finance". */
  source: string;
  /** The hidden honeypot's value: empty unless a bot filled it. */
  website?: string;
  fill: FormFill;
}

/** Spec §8 texts of the message submit, in the page's language. */
export const messageTexts = {
  get success() {
    return t('messageForm.success');
  },
  get serverFailurePrefix() {
    return t('messageForm.failure.serverPrefix');
  },
  get serverFailureFallback() {
    return t('messageForm.failure.serverFallback');
  },
  get networkFailure() {
    return t('messageForm.failure.network');
  },
};

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The text shown when a message could not be sent (spec §8). */
export function messageFailureText(failure: RequestFailure): string {
  if (failure.kind !== 'http') return messageTexts.networkFailure;
  const fromServer = nonEmpty(failure.body?.error) ?? nonEmpty(failure.body?.message);
  return messageTexts.serverFailurePrefix + (fromServer ?? messageTexts.serverFailureFallback);
}

/** The body as sent: trimmed, empty optional fields left out, with the
 * page's language (the visitor's acknowledgement is written in it). */
export function messageBody(input: SendMessageRequest): ContactMessageInput {
  const body: ContactMessageInput = {
    name: input.name.trim(),
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
    source: input.source,
    fillMs: fillDuration(input.fill),
    language: activeLocale(),
  };
  if (input.phone?.trim()) body.phone = input.phone.trim();
  if (input.company?.trim()) body.company = input.company.trim();
  if (input.website) body.website = input.website;
  return body;
}

/** Sends a message with its fill's `Idempotency-Key`, so a retry files it once. */
export function sendMessage(input: SendMessageRequest): Promise<MessageAccepted> {
  return apiRequest<MessageAccepted>('/api/messages', {
    method: 'POST',
    body: messageBody(input),
    headers: { 'Idempotency-Key': input.fill.key },
    describe: messageFailureText,
  });
}

/** The send mutation; its error's `message` is the spec §8 failure text. */
export function useSendMessage() {
  return useMutation({ mutationKey: ['messages', 'send'], mutationFn: sendMessage });
}

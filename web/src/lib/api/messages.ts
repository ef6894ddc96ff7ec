// POST /api/messages: a contact or demo request from a public page (the
// finance and hosted-email demo forms, the contact page). The server side is
// the message-intake issue; until it lands the answer is a 404/405, which is
// a failure like any other (never a pretended success).

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RequestFailure } from '@/lib/error-catalogue';

/** The message payload (spec §3): phone and company only when the form asks for them. */
export interface SendMessageRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
  phone?: string;
  company?: string;
  /** The page the message was sent from, e.g. "/finance". */
  source: string;
}

/** Spec §8 texts of the message submit. */
export const messageTexts = {
  success:
    'Thank you! Your demo request has been submitted successfully. Our team will contact you within 24 hours.',
  serverFailurePrefix: 'Error submitting form: ',
  serverFailureFallback: 'Please try again.',
  networkFailure: 'Error submitting form. Please try again or contact us directly.',
} as const;

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The text shown when a message could not be sent (spec §8). */
export function messageFailureText(failure: RequestFailure): string {
  if (failure.kind !== 'http') return messageTexts.networkFailure;
  const fromServer = nonEmpty(failure.body?.error) ?? nonEmpty(failure.body?.message);
  return messageTexts.serverFailurePrefix + (fromServer ?? messageTexts.serverFailureFallback);
}

/** Sends a message; empty optional fields are left out. */
export function sendMessage(input: SendMessageRequest): Promise<unknown> {
  const body: SendMessageRequest = {
    name: input.name.trim(),
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
    source: input.source,
  };
  if (input.phone?.trim()) body.phone = input.phone.trim();
  if (input.company?.trim()) body.company = input.company.trim();
  return apiRequest<unknown>('/api/messages', { method: 'POST', body, describe: messageFailureText });
}

/** The send mutation; its error's `message` is the spec §8 failure text. */
export function useSendMessage() {
  return useMutation({ mutationKey: ['messages', 'send'], mutationFn: sendMessage });
}

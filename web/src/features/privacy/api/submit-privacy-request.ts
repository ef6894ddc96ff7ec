// POST /api/privacy/requests: a data subject request (access, correction,
// erasure). The server answers 202 with the same words for every address (it
// never says whether it holds data about it) and emails a confirmation link.

// The form's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/privacy';
import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '@/api-types/Accepted';
import type { PrivacyRequestInput } from '@/api-types/PrivacyRequestInput';
import { activeLocale, t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { readFailureMessage, type RequestFailure } from '@/lib/error-catalogue';

/** What the privacy form shows when a request failed: no connection in
 * the page's language, else the server's words. */
export function privacyFailureText(failure: RequestFailure): string {
  if (failure.kind === 'offline') return t('privacy.request.failure.offline');
  if (failure.kind === 'network') return t('privacy.request.failure.network');
  return readFailureMessage(failure);
}

/** Sends the page's language too: it is stored with the request, and every
 * email about the request is written in it. */
export function submitPrivacyRequest(body: PrivacyRequestInput): Promise<Accepted> {
  return apiRequest<Accepted>('/api/privacy/requests', {
    method: 'POST',
    body: {
      email: body.email.trim(),
      kind: body.kind,
      details: body.details.trim(),
      language: activeLocale(),
    },
    describe: privacyFailureText,
  });
}

export function useSubmitPrivacyRequest() {
  return useMutation({ mutationKey: ['privacy', 'request'], mutationFn: submitPrivacyRequest });
}

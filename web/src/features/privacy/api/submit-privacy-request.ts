// POST /api/privacy/requests: a data subject request (access, correction,
// erasure). The server answers 202 with the same words for every address (it
// never says whether it holds data about it) and emails a confirmation link.

import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '@/api-types/Accepted';
import type { PrivacyRequestInput } from '@/api-types/PrivacyRequestInput';
import { apiRequest } from '@/lib/api-client';

export function submitPrivacyRequest(body: PrivacyRequestInput): Promise<Accepted> {
  return apiRequest<Accepted>('/api/privacy/requests', {
    method: 'POST',
    body: { email: body.email.trim(), kind: body.kind, details: body.details.trim() },
  });
}

export function useSubmitPrivacyRequest() {
  return useMutation({ mutationKey: ['privacy', 'request'], mutationFn: submitPrivacyRequest });
}

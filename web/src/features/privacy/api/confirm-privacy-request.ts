// POST /api/privacy/requests/confirm: the button of /privacy confirms a
// request with the emailed link's token. Opening the link only leads to the
// page (a mail scanner that follows it confirms nothing); the server answers
// 200, or 400 when the link is not valid or has expired.

import { useMutation } from '@tanstack/react-query';
import type { LinkToken } from '@/api-types/LinkToken';
import { apiRequest } from '@/lib/api-client';

export function confirmPrivacyRequest(body: LinkToken): Promise<{ status: string }> {
  return apiRequest<{ status: string }>('/api/privacy/requests/confirm', { method: 'POST', body });
}

export function useConfirmPrivacyRequest() {
  return useMutation({ mutationKey: ['privacy', 'confirm'], mutationFn: confirmPrivacyRequest });
}

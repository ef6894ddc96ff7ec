import { describe, expect, it } from 'vitest';
import { consentPolicyVersion } from '@/api-types/consent-policy';
import { privacyContent } from '@/features/pages/components/legal/privacy-content';

describe('cookie consent policy version', () => {
  it('is the Privacy Policy’s last update (a new policy asks every visitor again)', () => {
    expect(consentPolicyVersion).toBe(privacyContent.lastUpdated);
  });
});

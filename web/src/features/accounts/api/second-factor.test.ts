import { describe, expect, it } from 'vitest';
import { hasSecondFactor } from './second-factor';

const passkey = { id: 'p1', name: 'Work laptop', createdAt: '2026-11-27T10:00:00Z', lastUsedAt: null };

describe('hasSecondFactor', () => {
  it('counts an authenticator app or a passkey, either alone', () => {
    expect(hasSecondFactor({ totp: false, passkeys: [] })).toBe(false);
    expect(hasSecondFactor({ totp: true, passkeys: [] })).toBe(true);
    expect(hasSecondFactor({ totp: false, passkeys: [passkey] })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { checkSubscribeEmail } from './subscribe';

describe('the subscribe check (spec §5)', () => {
  it('asks for an address, then for an @', () => {
    expect(checkSubscribeEmail('   ')).toEqual({ ok: false, message: 'Please enter your email address' });
    expect(checkSubscribeEmail('amina.example.com')).toEqual({ ok: false, message: 'Please enter a valid email address' });
    expect(checkSubscribeEmail(' amina@example.com ')).toEqual({ ok: true });
  });
});

import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/api-types';
import { afterSignIn, roleHome } from './role-home';

const customer: Pick<User, 'isAdmin' | 'role'> = { isAdmin: false, role: 'user' };
const support: Pick<User, 'isAdmin' | 'role'> = { isAdmin: false, role: 'support' };
const admin: Pick<User, 'isAdmin' | 'role'> = { isAdmin: true, role: 'admin' };

describe('afterSignIn', () => {
  it('goes to the role home without next', () => {
    expect(afterSignIn(customer, null)).toBe('/dashboard');
    expect(afterSignIn(support, null)).toBe('/admin');
    expect(afterSignIn(admin, undefined)).toBe(roleHome(admin));
  });

  it('returns to a same-origin next the role may open', () => {
    expect(afterSignIn(support, '/admin/chat?chat=abc#x')).toBe('/admin/chat?chat=abc#x');
    expect(afterSignIn(admin, '/admin/settings')).toBe('/admin/settings');
    expect(afterSignIn(customer, '/contact')).toBe('/contact');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', ''])(
    'ignores the unsafe next %j',
    (next) => {
      expect(afterSignIn(admin, next)).toBe('/admin');
      expect(afterSignIn(customer, next)).toBe('/dashboard');
    },
  );

  it('falls back to the role home for an admin page the role may not open', () => {
    expect(afterSignIn(support, '/admin/settings')).toBe('/admin');
    expect(afterSignIn(customer, '/admin/chat')).toBe('/dashboard');
    expect(afterSignIn(customer, '/admin')).toBe('/dashboard');
  });
});

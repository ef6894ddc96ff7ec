import { describe, expect, it } from 'vitest';
import { isAgent, mayOpenAdminPage } from './roles';

const admin = { isAdmin: true, role: 'admin' as const };
const support = { isAdmin: false, role: 'support' as const };
const customer = { isAdmin: false, role: 'user' as const };

describe('roles', () => {
  it('counts admins and support agents as agents', () => {
    expect([admin, support, customer, null].map(isAgent)).toEqual([true, true, false, false]);
  });

  it('lets a support agent open only the chat console', () => {
    expect(mayOpenAdminPage(support, '/admin/chat')).toBe(true);
    for (const path of ['/admin', '/admin/settings', '/admin/agents', '/admin/database', '/admin/uploads']) {
      expect(mayOpenAdminPage(support, path)).toBe(false);
      expect(mayOpenAdminPage(admin, path)).toBe(true);
      expect(mayOpenAdminPage(customer, path)).toBe(false);
    }
  });
});

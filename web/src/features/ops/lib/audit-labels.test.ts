import { describe, expect, it } from 'vitest';
import { actionLabel, entityLabel } from './audit-labels';

describe('audit labels', () => {
  it('names known entities and actions', () => {
    expect(entityLabel('site_settings')).toBe('Site settings');
    expect(actionLabel('sign_in_failed')).toBe('Failed sign-in');
  });

  it('shows a name it has not seen as it is', () => {
    expect(entityLabel('sla_policy')).toBe('sla_policy');
    expect(actionLabel('add_member')).toBe('add_member');
  });
});

import { describe, expect, it } from 'vitest';
import { emailHealthWarning } from './email-health-banner';

const base = { lastSuccessAt: null, lastFailureAt: null, lastError: null };

describe('emailHealthWarning', () => {
  it('says nothing while email works', () => {
    expect(emailHealthWarning({ ...base, state: 'working', lastSuccessAt: '2026-11-28T09:00:00Z' })).toBeNull();
  });

  it('says email is off, and what is not sent', () => {
    expect(emailHealthWarning({ ...base, state: 'off' })?.title).toBe('Outgoing email is off');
  });

  it('gives the last failure with its error and the last success, in EAT', () => {
    expect(
      emailHealthWarning({
        state: 'failing',
        lastSuccessAt: '2026-11-27T06:00:00Z',
        lastFailureAt: '2026-11-28T12:35:00Z',
        lastError: 'SMTP send failed: connection refused',
      }),
    ).toEqual({
      title: 'Outgoing email is failing',
      body: 'The last send failed on Nov 28, 15:35 EAT: SMTP send failed: connection refused. Last success: Nov 27, 09:00 EAT. Emails are retried until the SMTP server takes them.',
    });
  });
});

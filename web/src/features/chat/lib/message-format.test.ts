import { describe, expect, it } from 'vitest';
import { canSendMessage, formatMessageTime, maxMessageLength } from './message-format';

describe('formatMessageTime', () => {
  it('shows en-US hour and minute', () => {
    // Built from local time, so the expectation holds in any time zone.
    expect(formatMessageTime(new Date(2026, 0, 2, 15, 5, 59).toISOString())).toMatch(/^3:05\sPM$/);
    expect(formatMessageTime(new Date(2026, 0, 2, 9, 30).toISOString())).toMatch(/^9:30\sAM$/);
    expect(formatMessageTime(new Date(2026, 0, 2, 0, 7).toISOString())).toMatch(/^12:07\sAM$/);
  });

  it('is empty for an unreadable date', () => {
    expect(formatMessageTime('not a date')).toBe('');
  });
});

describe('canSendMessage', () => {
  it('needs non-blank text', () => {
    expect(canSendMessage('hello')).toBe(true);
    expect(canSendMessage('  hello  ')).toBe(true);
    expect(canSendMessage('')).toBe(false);
    expect(canSendMessage('   \n\t ')).toBe(false);
  });

  it('refuses more than the server accepts after trimming', () => {
    expect(canSendMessage(`  ${'a'.repeat(maxMessageLength)}  `)).toBe(true);
    expect(canSendMessage('a'.repeat(maxMessageLength + 1))).toBe(false);
  });
});

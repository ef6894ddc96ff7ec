import { describe, expect, it } from 'vitest';
import { bytes, when } from './database-format';

describe('database page formats', () => {
  it('writes sizes in decimal units', () => {
    expect(bytes(0)).toBe('0 B');
    expect(bytes(999)).toBe('999 B');
    expect(bytes(16_384)).toBe('16.4 kB');
    expect(bytes(1_234_567)).toBe('1.2 MB');
    expect(bytes(5e15)).toBe('5000.0 TB');
  });

  it('keeps an instant it cannot read as it is', () => {
    expect(when('not a time')).toBe('not a time');
    expect(when('2026-11-25T06:14:00Z')).toMatch(/2026/);
  });
});

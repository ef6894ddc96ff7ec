import { describe, expect, it } from 'vitest';
import { bytes, tableRows, waited, when } from './database-format';

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
    expect(when('2026-11-25T06:14:00Z')).toBe('Nov 25, 2026, 09:14 EAT');
  });

  it('writes counted rows in full and estimated ones rounded and labelled', () => {
    expect(tableRows(0, false)).toBe('0');
    expect(tableRows(1_234_567, false)).toBe('1,234,567');
    expect(tableRows(1_234_567, true)).toBe('≈ 1.2 M, estimated');
    expect(tableRows(48_200, true)).toBe('≈ 48.2 K, estimated');
    expect(tableRows(12, true)).toBe('≈ 12, estimated');
  });

  it('says how long a message has waited', () => {
    expect(waited(null)).toBe('—');
    expect(waited(0)).toBe('0 s');
    expect(waited(59)).toBe('59 s');
    expect(waited(61)).toBe('1 min');
    expect(waited(7_500)).toBe('2 h 5 min');
    expect(waited(7_200)).toBe('2 h');
    expect(waited(273_600)).toBe('3 d 4 h');
  });
});

import { describe, expect, it } from 'vitest';
import { formatEatClock, formatEatDateTime } from './admin-time';

describe('admin times in EAT', () => {
  it('says the time in Nairobi, whatever the browser zone, and names the zone', () => {
    expect(formatEatDateTime('2026-11-28T12:35:17Z')).toBe('Nov 28, 15:35 EAT');
    expect(formatEatDateTime('2026-11-28T21:05:00Z')).toBe('Nov 29, 00:05 EAT');
    expect(formatEatClock(Date.parse('2026-11-28T12:35:17Z'))).toBe('15:35:17 EAT');
    expect(formatEatClock('not a time')).toBe('not a time');
  });
});

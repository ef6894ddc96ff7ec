import { describe, expect, it } from 'vitest';
import { addDays, duration, isPreset, lastDays, nairobiToday, rangeLength, rangeProblem, shortDay } from './analytics-range';

describe('analytics range', () => {
  it('knows which preset a range is', () => {
    const range = { from: '2026-10-27', to: '2026-11-25' };
    expect(isPreset(range, 30, '2026-11-25')).toBe(true);
    expect(isPreset(range, 7, '2026-11-25')).toBe(false);
    expect(isPreset({ from: '2026-10-28', to: '2026-11-25' }, 30, '2026-11-25')).toBe(false);
  });

  it('knows the Nairobi day, three hours ahead of UTC', () => {
    expect(nairobiToday(new Date('2026-03-01T20:59:00Z'))).toBe('2026-03-01');
    expect(nairobiToday(new Date('2026-03-01T21:00:00Z'))).toBe('2026-03-02');
  });

  it('counts days with both ends included, across months and leap days', () => {
    expect(lastDays(30, '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(lastDays(7, '2024-03-02')).toEqual({ from: '2024-02-25', to: '2024-03-02' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(rangeLength({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
    expect(rangeLength({ from: '2026-03-02', to: '2026-03-01' })).toBe(0);
  });

  it('says in words what the server would refuse', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('The range must be at most 366 days');
    expect(rangeProblem({ from: '', to: '2026-01-02' })).toBe('Choose a start date');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-02' })).toBe('Choose a start date');
    expect(rangeProblem({ from: '2026-01-01', to: '' })).toBe('Choose an end date');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('The start date must be on or before the end date');
  });

  it('labels days and durations as people read them', () => {
    expect(shortDay('2026-03-01')).toBe('Mar 1');
    expect(duration(null)).toBe('No answered chats');
    expect(duration(45.4)).toBe('45 s');
    expect(duration(90)).toBe('1 min 30 s');
    expect(duration(120)).toBe('2 min');
    expect(duration(7500)).toBe('2 h 5 min');
  });
});

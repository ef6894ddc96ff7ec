import { describe, expect, it } from 'vitest';
import { idlePhase, warningMs } from './agent-presence';

const minute = 60_000;

describe('agent idle time', () => {
  it('warns a minute before going Away, or halfway through a shorter idle time', () => {
    expect(warningMs(10 * minute)).toBe(minute);
    expect(warningMs(minute)).toBe(30_000);
  });

  it('is active, then warned, then idle', () => {
    expect(idlePhase(8 * minute, 10 * minute)).toBe('active');
    expect(idlePhase(9 * minute, 10 * minute)).toBe('warning');
    expect(idlePhase(10 * minute - 1, 10 * minute)).toBe('warning');
    expect(idlePhase(10 * minute, 10 * minute)).toBe('idle');
  });
});

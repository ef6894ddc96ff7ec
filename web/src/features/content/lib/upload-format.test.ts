import { describe, expect, it } from 'vitest';
import { formatBytes, formatDimensions } from './upload-format';

describe('upload sizes and dimensions', () => {
  it('writes sizes in the largest fitting unit with one decimal at most', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(48_300)).toBe('48.3 kB');
    expect(formatBytes(1_234_567)).toBe('1.2 MB');
    expect(formatBytes(5_000_000)).toBe('5 MB');
  });

  it('writes dimensions as width × height', () => {
    expect(formatDimensions(1200, 630)).toBe('1200 × 630');
  });
});

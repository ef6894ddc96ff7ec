import { describe, expect, it, vi } from 'vitest';
import { reloadOnChunkFailure } from './chunk-reload';

function setup(start = 100_000) {
  const target = new EventTarget();
  const stored = new Map<string, string>();
  const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
  const reload = vi.fn();
  let clock = start;
  reloadOnChunkFailure(target as unknown as Window, storage, reload, () => clock);
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { reload, fail, advance: (ms: number) => (clock += ms) };
}

describe('reloadOnChunkFailure', () => {
  it('reloads the page when a piece of code fails to load, taking the error', () => {
    const { reload, fail } = setup();
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at most once in 10 s, leaving the error to show after that', () => {
    const { reload, fail, advance } = setup();
    fail();
    advance(9_999);
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    advance(1);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

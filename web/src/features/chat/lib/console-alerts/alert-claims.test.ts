import { describe, expect, it } from 'vitest';
import { browserClaims, claimsStorageKey } from './alert-claims';

/** A Web Locks manager shared by "tabs": one holder at a time, the rest queue. */
function fakeLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  const request = (_name: string, callback: () => unknown) => {
    const run = tail.then(async () => {
      // Yield inside the lock, as a real tab would between read and write.
      await Promise.resolve();
      return callback();
    });
    tail = run.catch(() => undefined);
    return run;
  };
  return { request, query: () => Promise.resolve({ held: [], pending: [] }) } as unknown as LockManager;
}

describe('browserClaims', () => {
  it('lets exactly one of several tabs claim an event, however they interleave', async () => {
    localStorage.clear();
    const locks = fakeLocks();
    const tabs = [browserClaims(localStorage, locks), browserClaims(localStorage, locks), browserClaims(localStorage, locks)];
    const won = await Promise.all(tabs.map((tab) => tab.claim('new_chat:c1', 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
    // Another event is claimed again, once.
    const next = await Promise.all(tabs.map((tab) => tab.claim('new_chat:c2', 60_000)));
    expect(next.filter(Boolean)).toHaveLength(1);
  });

  it('frees a key once its time is over, and forgets expired keys', async () => {
    localStorage.clear();
    let now = 1_000;
    const claims = browserClaims(localStorage, fakeLocks(), () => now);
    expect(await claims.claim('visitor_message:c1', 5_000)).toBe(true);
    now += 4_999;
    expect(await claims.claim('visitor_message:c1', 5_000)).toBe(false);
    now += 2;
    expect(await claims.claim('other', 5_000)).toBe(true);
    expect(Object.keys(JSON.parse(localStorage.getItem(claimsStorageKey) ?? '{}'))).toEqual(['other']);
    expect(await claims.claim('visitor_message:c1', 5_000)).toBe(true);
  });

  it('never loses an alert when storage is unusable', async () => {
    const broken = {
      getItem: () => 'not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const claims = browserClaims(broken, fakeLocks());
    expect(await claims.claim('k', 1_000)).toBe(true);
  });
});

// Once per event across every console tab of this browser: before a tab
// raises an alert it claims the event's key. The check-and-set runs under a
// Web Lock (navigator.locks, exclusive per origin), and the keys claimed live
// in localStorage, which every tab of the origin shares: so of several tabs
// handling the same event, exactly one wins, whenever each gets to it.

/** Where claimed keys are kept, with when each may be claimed again. */
export const claimsStorageKey = 'nyota.console-alerts.claims';
const lockName = 'nyota-console-alerts';

/** Decides, across tabs, which one raises an alert. */
export interface AlertClaims {
  /** True for the first claim of `key` until `ttlMs` have passed; false for every other. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

type Claimed = Record<string, number>;

function read(storage: Storage, now: number): Claimed {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(claimsStorageKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    // Expired claims are dropped on every write, so the record stays small.
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > now),
    );
  } catch {
    return {};
  }
}

/**
 * Claims shared by the tabs of this browser. Without Web Locks (very old
 * browsers) the check-and-set is unguarded, and two tabs in the same
 * instant could both raise; without storage (blocked), every claim wins, so
 * an alert is never lost.
 */
export function browserClaims(
  storage: Storage | undefined = globalThis.localStorage,
  locks: LockManager | undefined = globalThis.navigator?.locks,
  clock: () => number = Date.now,
): AlertClaims {
  const checkAndSet = (key: string, ttlMs: number): boolean => {
    if (!storage) return true;
    const now = clock();
    const claimed = read(storage, now);
    if (claimed[key] !== undefined) return false;
    claimed[key] = now + ttlMs;
    try {
      storage.setItem(claimsStorageKey, JSON.stringify(claimed));
    } catch {
      // Quota or privacy mode: raise anyway rather than lose the alert.
    }
    return true;
  };
  return {
    claim: (key, ttlMs) =>
      locks ? locks.request(lockName, () => checkAndSet(key, ttlMs)) : Promise.resolve(checkAndSet(key, ttlMs)),
  };
}

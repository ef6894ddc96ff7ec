// The one way a value is kept outside React: a store made by `createStore`,
// read in components with `useStore` (useSyncExternalStore underneath). The
// toast, the theme and the toast placement are such stores. (The cookie
// choice is not kept in a value: localStorage is its store, read each time.)

import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  /** Replaces the value and tells every reader, unless it is `equal` to the current one. */
  set(value: T): void;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(
  initial: T,
  options: {
    /** When two values are the same (no change to tell): `Object.is` unless given. */
    equal?: (a: T, b: T) => boolean;
    /** Started when the first reader subscribes; what it returns runs when the last one leaves. */
    watch?: () => () => void;
  } = {},
): Store<T> {
  const { equal = Object.is, watch } = options;
  let value = initial;
  const listeners = new Set<() => void>();
  let unwatch: (() => void) | null = null;
  return {
    get: () => value,
    set(next) {
      if (equal(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (watch && !unwatch) unwatch = watch();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unwatch) {
          unwatch();
          unwatch = null;
        }
      };
    },
  };
}

/** The store's current value, re-rendering on each change (`serverValue` where nothing is rendered live). */
export function useStore<T>(store: Store<T>, serverValue: T): T {
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue);
}

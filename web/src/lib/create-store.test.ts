import { describe, expect, it, vi } from 'vitest';
import { createStore } from './create-store';

describe('createStore', () => {
  it('tells its readers of each change, and not of a value equal to the current one', () => {
    const store = createStore({ n: 1 }, { equal: (a, b) => a.n === b.n });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ n: 2 });
    store.set({ n: 2 });
    expect(store.get()).toEqual({ n: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set({ n: 3 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('watches while it has readers', () => {
    const unwatch = vi.fn();
    const watch = vi.fn(() => unwatch);
    const store = createStore(0, { watch });
    const first = store.subscribe(() => {});
    const second = store.subscribe(() => {});
    expect(watch).toHaveBeenCalledTimes(1);
    first();
    expect(unwatch).not.toHaveBeenCalled();
    second();
    expect(unwatch).toHaveBeenCalledTimes(1);
    store.subscribe(() => {});
    expect(watch).toHaveBeenCalledTimes(2);
  });
});

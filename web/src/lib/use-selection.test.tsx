import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './use-selection';

describe('bulk selection', () => {
  it('ticks rows one by one, all at once, and clears', () => {
    const { result } = renderHook(({ ids }) => useSelection(ids), { initialProps: { ids: ['a', 'b', 'c'] } });
    expect(result.current.ids).toEqual([]);
    act(() => result.current.toggle('c'));
    act(() => result.current.toggle('a'));
    expect(result.current.ids).toEqual(['a', 'c']);
    expect(result.current.partlySelected).toBe(true);
    expect(result.current.allSelected).toBe(false);

    act(() => result.current.toggleAll());
    expect(result.current.ids).toEqual(['a', 'b', 'c']);
    expect(result.current.allSelected).toBe(true);
    expect(result.current.partlySelected).toBe(false);

    act(() => result.current.toggleAll());
    expect(result.current.ids).toEqual([]);

    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('b'));
    expect(result.current.isSelected('b')).toBe(false);
    act(() => result.current.toggle('b'));
    act(() => result.current.clear());
    expect(result.current.ids).toEqual([]);
  });

  it('keeps only rows still on screen (after a search or a delete)', () => {
    const { result, rerender } = renderHook(({ ids }) => useSelection(ids), { initialProps: { ids: ['a', 'b', 'c'] } });
    act(() => result.current.toggleAll());
    rerender({ ids: ['b', 'd'] });
    expect(result.current.ids).toEqual(['b']);
    expect(result.current.isSelected('a')).toBe(false);
    expect(result.current.partlySelected).toBe(true);
  });

  it('is never "all selected" with no rows', () => {
    const { result } = renderHook(() => useSelection([]));
    expect(result.current.allSelected).toBe(false);
  });
});

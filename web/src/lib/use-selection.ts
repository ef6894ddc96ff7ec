import { useCallback, useMemo, useState } from 'react';

/** The ticked rows among the ones on screen (a row that leaves the list leaves the selection). */
export interface Selection {
  /** Ticked ids, in the order of the rows. */
  ids: string[];
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Ticks every row on screen, or clears them all when every one is ticked. */
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  /** Some but not all rows ticked (the header checkbox is then mixed). */
  partlySelected: boolean;
}

/** Bulk selection over the rows `visibleIds`. */
export function useSelection(visibleIds: string[]): Selection {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const ids = useMemo(() => visibleIds.filter((id) => ticked.has(id)), [visibleIds, ticked]);
  const allSelected = visibleIds.length > 0 && ids.length === visibleIds.length;

  const toggle = useCallback((id: string) => {
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const toggleAll = useCallback(() => {
    setTicked(allSelected ? new Set() : new Set(visibleIds));
  }, [allSelected, visibleIds]);

  const clear = useCallback(() => setTicked(new Set()), []);

  return {
    ids,
    isSelected: (id) => ticked.has(id) && visibleIds.includes(id),
    toggle,
    toggleAll,
    clear,
    allSelected,
    partlySelected: ids.length > 0 && !allSelected,
  };
}

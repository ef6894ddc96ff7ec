// How the console lays out its panes: side by side from 1024 px, one screen
// at a time below (inbox → conversation → details, driven by the address so
// the browser's Back works), and whether the details sidebar is open.

import { useCallback, useState, useSyncExternalStore } from 'react';

/** Wide enough for the inbox, the conversation and the details side by side. */
export const wideConsoleQuery = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(wideConsoleQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the panes sit side by side (true where matchMedia is missing, as in jsdom). */
export function useWideConsole(): boolean {
  return useSyncExternalStore(subscribe, () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(wideConsoleQuery).matches : true,
  );
}

const detailsKey = 'console-details-open';

/** The details sidebar's open state on wide screens, remembered in localStorage (open at first). */
export function useDetailsOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(detailsKey) !== 'false';
    } catch {
      return true;
    }
  });
  const toggle = useCallback(() => {
    setOpen(!open);
    try {
      localStorage.setItem(detailsKey, String(!open));
    } catch {
      // Storage blocked: the choice lasts until the page is left.
    }
  }, [open]);
  return [open, toggle];
}

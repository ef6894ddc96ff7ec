// Whether the console's tab is visible (the open chat is marked read only
// while it is). The alerts themselves (sounds, desktop notifications,
// highlights, the title count) live in features/chat/lib/console-alerts/.

import { useSyncExternalStore } from 'react';

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** True while the tab is visible. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => !document.hidden, () => true);
}

// Whether the tab is visible (a chat is "seen" only while it is, in the
// widget and the console). The alerts themselves (sounds, desktop notifications,
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

// "Cookie settings" (the footer's link): a request to show the cookie banner
// again, whatever the visitor chose, so that they can change their choice.
// Here rather than in the cookie-consent feature because the footer (the
// layout feature) asks and the banner answers.

const listeners = new Set<() => void>();

/** Shows the cookie banner now, so the visitor can change their choice. */
export function openCookieSettings(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the visitor asks for the cookie settings; returns the unsubscribe. */
export function onCookieSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

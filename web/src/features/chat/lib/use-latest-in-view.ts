// The log keeps its latest lines in view when it gets shorter: the rating bar
// replacing the message box, its comment opening, the on-screen keyboard
// shrinking the full-screen panel. Without this the browser keeps the scroll
// offset and the newest messages slip below the fold. A visitor who scrolled
// up to read earlier messages is left where they are.

import { useEffect, type RefObject } from 'react';

/** How close to the end still counts as reading the latest messages. */
const nearEndPx = 24;

/** `ref` wraps the log; its first child is the scrolling element. */
export function useLatestInView(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const scroller = ref.current?.firstElementChild;
    if (!(scroller instanceof HTMLElement) || typeof ResizeObserver === 'undefined') return;
    // Judged from the height before the change (a shorter box leaves the offset as it was), not
    // from scroll events, which can land between the change and this observer.
    let height = scroller.clientHeight;
    const observer = new ResizeObserver(() => {
      const wasAtEnd = scroller.scrollHeight - scroller.scrollTop - height <= nearEndPx;
      height = scroller.clientHeight;
      if (wasAtEnd) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [ref]);
}

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
    let atEnd = true;
    // The height before the latest resize: a scroll event can fire after the log got shorter
    // but before the observer hears of it, and must not take that for scrolling up.
    let height = scroller.clientHeight;
    const onScroll = () => {
      atEnd = scroller.scrollHeight - scroller.scrollTop - height <= nearEndPx;
    };
    const observer = new ResizeObserver(() => {
      height = scroller.clientHeight;
      if (atEnd) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(scroller);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [ref]);
}

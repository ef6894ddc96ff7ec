// Space taken at the bottom of the viewport by a fixed bar (the cookie banner),
// published as the CSS custom property --bottom-inset on <html>. Floating
// controls at the bottom (the chat launcher and panel) add it to their offset,
// so neither hides the other at any width, without one feature importing the
// other.

import { useEffect, type RefObject } from 'react';

/** The custom property floating elements add to their bottom offset. */
export const bottomInsetProperty = '--bottom-inset';

/** Writes the inset in whole pixels; 0 removes it. */
export function setBottomInset(px: number): void {
  const root = document.documentElement;
  if (px > 0) root.style.setProperty(bottomInsetProperty, `${Math.ceil(px)}px`);
  else root.style.removeProperty(bottomInsetProperty);
}

/** While the element is mounted, reserves its height (kept current as it resizes) at the bottom. */
export function useBottomInset(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const update = () => setBottomInset(element.getBoundingClientRect().height);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      setBottomInset(0);
    };
  }, [ref, active]);
}

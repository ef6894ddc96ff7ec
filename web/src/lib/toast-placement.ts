// Where toasts go while a panel is open in the bottom-right corner (the
// visitor chat widget). The panel publishes its box here and the toaster
// places toasts clear of it, so a toast never covers the chat's log or message
// box. In lib so that the toaster (components/ui) never imports a feature.
//
// - No panel: the corner (bottom right), as everywhere else on the site.
// - Room on the panel's left: beside it, bottoms aligned (desktop).
// - No room (a phone, where the panel fills the screen, or a narrow window):
//   at the top, and the toaster publishes how far down the toasts reach as
//   --toast-top-inset: the full-screen panel's header grows by it (the toast
//   sits on the header, the log moves down), a floating panel gets shorter.

import { useEffect, type RefObject } from 'react';
import { createStore, useStore } from './create-store';
import { prepareToaster } from './toast-store';

/** The panel's box in viewport pixels, with the viewport's size when it was measured. */
export interface PanelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  viewportWidth: number;
  viewportHeight: number;
}

export type ToastPlacement =
  | { kind: 'corner' }
  | { kind: 'beside'; right: number; bottom: number; width: number }
  | { kind: 'top' };

/** Space kept between a toast and the panel or the screen's edge. */
const gap = 16;
/** A toast narrower than this wraps its text into a tower: go to the top instead. */
const minBesideWidth = 288;
/** The corner toast's width (Tailwind max-w-sm). */
const maxWidth = 384;

export function toastPlacement(panel: PanelBox | null): ToastPlacement {
  if (!panel) return { kind: 'corner' };
  const room = panel.left - 2 * gap;
  if (room < minBesideWidth) return { kind: 'top' };
  return {
    kind: 'beside',
    right: Math.round(panel.viewportWidth - panel.left + gap),
    bottom: Math.round(Math.max(gap, panel.viewportHeight - panel.bottom)),
    width: Math.min(maxWidth, Math.floor(room)),
  };
}

/** The open panel's box (a box measured again the same is no change). */
const panelBox = createStore<PanelBox | null>(null, {
  equal: (a, b) =>
    a === b || (a !== null && b !== null && (Object.keys(a) as Array<keyof PanelBox>).every((key) => a[key] === b[key])),
});

const publish = (next: PanelBox | null) => panelBox.set(next);

/** The open panel's box, or null when none is open. */
export function usePanelBox(): PanelBox | null {
  return useStore(panelBox, null);
}

/**
 * While `active`, publishes the element's box (kept current as it or the window resizes), and
 * has the toaster ready so that a toast the panel causes is placed with it, not after it.
 */
export function useToastsClearOf(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    prepareToaster();
    const update = () => {
      const box = element.getBoundingClientRect();
      publish({
        left: box.left,
        top: box.top,
        right: box.right,
        bottom: box.bottom,
        viewportWidth: document.documentElement.clientWidth,
        viewportHeight: document.documentElement.clientHeight,
      });
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      publish(null);
    };
  }, [ref, active]);
}

/** The custom property a panel subtracts from its top while toasts are shown above it. */
export const toastTopInsetProperty = '--toast-top-inset';

/** While `active`, publishes how far down the screen the element reaches as --toast-top-inset. */
export function useToastTopInset(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const root = document.documentElement;
    const update = () => {
      // An empty list (the last toast just closed) reserves nothing.
      const bottom = element.childElementCount > 0 ? Math.ceil(element.getBoundingClientRect().bottom) : 0;
      if (bottom > 0) root.style.setProperty(toastTopInsetProperty, `${bottom}px`);
      else root.style.removeProperty(toastTopInsetProperty);
    };
    update();
    // The toast is portalled into the list a render later, and may grow or shrink.
    const added = new MutationObserver(update);
    added.observe(element, { childList: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      added.disconnect();
      observer?.disconnect();
      root.style.removeProperty(toastTopInsetProperty);
    };
  }, [ref, active]);
}

// Narrower than 640 px, or shorter than 500 px (a phone held sideways), the
// open widget is a screen of its own, as chat apps are on phones: it fills the
// visible viewport, keeps clear of the notch and the home indicator, keeps its
// message box above the on-screen keyboard, and the page behind it does not
// scroll. Part of the panel's chunk, not the launcher's.

import { useEffect, useSyncExternalStore, type KeyboardEvent, type RefObject } from 'react';

/**
 * When the panel fills the screen. Below 640 px wide a floating card leaves no page beside it;
 * below 500 px tall (landscape) it would be a 280 px slit with room for one message.
 */
export const fullScreenQuery = '(max-width: 639.98px), (max-height: 499.98px)';

/**
 * Added to the floating panel's classes (chat-panel-class.ts), applying while the panel carries
 * data-screen="full": it fills the visual viewport (--vv-top / --vv-height, kept by
 * useFullScreenPanel; 100dvh before the first measurement), sits above the cookie banner (z-50),
 * and pads for the safe areas, except at the bottom while the keyboard is up.
 */
export const fullScreenPanelClass =
  'group/panel data-[screen=full]:inset-x-0 data-[screen=full]:bottom-auto data-[screen=full]:top-[var(--vv-top,0px)] data-[screen=full]:z-[60] data-[screen=full]:h-[var(--vv-height,100dvh)] data-[screen=full]:max-h-none data-[screen=full]:w-full data-[screen=full]:max-w-none data-[screen=full]:rounded-none data-[screen=full]:border-0 data-[screen=full]:pl-[env(safe-area-inset-left)] data-[screen=full]:pr-[env(safe-area-inset-right)] data-[screen=full]:not-data-[keyboard=open]:pb-[env(safe-area-inset-bottom)]';

/**
 * The header's top padding on a full screen: clear of the status bar or notch, and while a toast
 * is shown at the top (--toast-top-inset, src/lib/toast-placement.ts) the header grows under it,
 * so the toast sits on the header's colour and the log and message box move down, never under it.
 */
export const fullScreenHeaderClass =
  'group-data-[screen=full]/panel:pt-[calc(max(0.75rem,env(safe-area-inset-top))+var(--toast-top-inset,0px))]';

function subscribeFullScreen(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(fullScreenQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const isFullScreenNow = () => typeof window.matchMedia === 'function' && window.matchMedia(fullScreenQuery).matches;

/** Whether the open panel fills the screen (follows rotation and resizing). */
export function useFullScreen(): boolean {
  return useSyncExternalStore(subscribeFullScreen, isFullScreenNow, () => false);
}

/** The keyboard is taken to be up when the visual viewport is this much shorter than the layout viewport. */
const keyboardThresholdPx = 120;

/**
 * While `active` (the panel open and filling the screen): locks the page's scroll, turns on
 * `viewport-fit=cover` so the safe-area insets are real, and sizes the panel to
 * the visual viewport, which shrinks (and may scroll) when the on-screen keyboard
 * opens. Everything is restored when the panel closes or the screen widens.
 */
export function useFullScreenPanel(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const panel = ref.current;
    if (!active || !panel) return;
    const restoreScroll = lockPageScroll();
    const restoreViewport = coverViewport();
    const viewport = window.visualViewport;
    const fit = () => {
      if (!viewport) return;
      panel.style.setProperty('--vv-top', `${viewport.offsetTop}px`);
      panel.style.setProperty('--vv-height', `${viewport.height}px`);
      const keyboard = document.documentElement.clientHeight - viewport.height > keyboardThresholdPx;
      panel.dataset.keyboard = keyboard ? 'open' : 'closed';
    };
    fit();
    viewport?.addEventListener('resize', fit);
    viewport?.addEventListener('scroll', fit);
    return () => {
      viewport?.removeEventListener('resize', fit);
      viewport?.removeEventListener('scroll', fit);
      panel.style.removeProperty('--vv-top');
      panel.style.removeProperty('--vv-height');
      delete panel.dataset.keyboard;
      restoreViewport();
      restoreScroll();
    };
  }, [ref, active]);
}

/** Stops the page behind from scrolling; returns what puts the previous values back. */
function lockPageScroll(): () => void {
  const { documentElement: html, body } = document;
  const before = [html.style.overflow, body.style.overflow] as const;
  html.style.overflow = 'hidden';
  body.style.overflow = 'hidden';
  return () => {
    html.style.overflow = before[0];
    body.style.overflow = before[1];
  };
}

/**
 * Adds `viewport-fit=cover` to the viewport meta while the panel fills the screen. Only then:
 * for the whole site it would let pages run under the notch in landscape (docs/DECISIONS.md).
 */
function coverViewport(): () => void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta || /viewport-fit\s*=\s*cover/.test(meta.content)) return () => {};
  const before = meta.content;
  meta.content = `${before}, viewport-fit=cover`;
  return () => {
    meta.content = before;
  };
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside a panel that covers the page: past the last control to the first, and back. */
export function keepFocusInside(event: KeyboardEvent, panel: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = [...panel.querySelectorAll<HTMLElement>(focusable)].filter((item) => !item.closest('[hidden], [inert]'));
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Where the panel floats: above the launcher, above a bottom bar such as the
 * cookie banner (--bottom-inset, from src/lib/bottom-inset.ts) and below any
 * toast shown at the top while it is open (--toast-top-inset, from
 * src/lib/toast-placement.ts). Narrower than 640 px the open widget fills the
 * screen instead (full-screen-panel.ts, in the panel's own chunk).
 */
export const chatPanelClass =
  'fixed bottom-[calc(6rem+var(--bottom-inset,0px))] right-4 z-40 flex h-[32rem] max-h-[calc(100dvh-7rem-var(--bottom-inset,0px)-var(--toast-top-inset,0px))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-lg border border-gray-200 bg-white text-gray-900 shadow-2xl sm:right-6 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100';

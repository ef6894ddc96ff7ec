/**
 * Where the panel floats: above the launcher, clear of the toast area at the
 * bottom right (a toast must not cover the message box), and above a bottom
 * bar such as the cookie banner (--bottom-inset, from src/lib/bottom-inset.ts).
 */
export const chatPanelClass =
  'fixed bottom-[calc(6rem+var(--bottom-inset,0px))] right-4 z-40 flex h-[32rem] max-h-[calc(100dvh-7rem-var(--bottom-inset,0px))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-lg border border-gray-200 bg-white text-gray-900 shadow-2xl sm:right-6 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100';

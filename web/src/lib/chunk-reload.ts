// The app's code arrives in pieces, each loaded when a page first needs it.
// On a phone a piece can fail to arrive: a network change aborts every
// request under way (Chromium's ERR_NETWORK_CHANGED), and the browser
// remembers the failed module, so the page would stay blank. Vite reports
// such a failure (`vite:preloadError`); the page is then loaded again, which
// fetches the piece afresh, at most once in 10 s so an offline page does not
// reload in a loop. What a visitor typed in the chat survives a reload.

const storageKey = 'chunk-reload-at';
const minGapMs = 10_000;

export function reloadOnChunkFailure(
  target: Pick<Window, 'addEventListener'> = window,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(storage.getItem(storageKey) ?? 0);
    if (now() - last < minGapMs) return;
    try {
      storage.setItem(storageKey, String(now()));
    } catch {
      return;
    }
    event.preventDefault();
    reload();
  });
}

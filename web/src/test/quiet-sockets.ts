import { afterEach, beforeEach, vi } from 'vitest';

/** A WebSocket that never connects: component tests need no live server. */
class QuietSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

/** Replaces WebSocket with a silent one around every test of the calling file. */
export function quietSocketsInEachTest() {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', QuietSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ClientFrame } from '@/api-types/ClientFrame';
import type { ServerFrame } from '@/api-types/ServerFrame';

/** A WebSocket the test drives: it opens, receives frames and drops when told. */
export class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: ClientFrame[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientFrame);
  }

  close() {
    this.readyState = 3;
  }

  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }

  receive(...frames: ServerFrame[]) {
    act(() => {
      for (const frame of frames) this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
    });
  }

  /** The server or the network drops the connection. */
  drop() {
    act(() => {
      this.readyState = 3;
      this.onclose?.(new CloseEvent('close', { code: 1006 }));
    });
  }
}

/** The socket the page made last. */
export function latestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.all[FakeWebSocket.all.length - 1];
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

/**
 * Replaces WebSocket with FakeWebSocket around every test of the calling file.
 * The page's one socket outlives a test; after each test it is dropped (once
 * nothing listens any more) so that the next test starts with a fresh one.
 */
export function fakeSocketsInEachTest() {
  beforeEach(() => {
    FakeWebSocket.all = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    cleanup();
    for (const socket of FakeWebSocket.all) if (socket.readyState !== 3) socket.drop();
    // Back to jsdom's own (always visible) document.
    Reflect.deleteProperty(document, 'hidden');
    Reflect.deleteProperty(document, 'visibilityState');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** Makes the tab hidden or visible, as the browser does when switching tabs. */
export function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

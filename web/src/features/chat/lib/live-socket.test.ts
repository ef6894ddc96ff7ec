import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '@/lib/api-client';
import type { ClientFrame } from '@/api-types/ClientFrame';
import { backoffDelay, LiveSocket, liveSocketUrl, socketMessageMaxLength, type LiveSocketEvent, type SocketLike } from './live-socket';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: ClientFrame[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data) as ClientFrame);
  }

  close() {
    this.closed = true;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server or the network drops the connection. */
  drop(close: Partial<CloseEvent> = {}) {
    this.readyState = 3;
    this.onclose?.(close as CloseEvent);
  }

  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

/** Whether the fake page is in view (probes go only then). */
let pageVisible = true;

function makeSocket(random = () => 0.5) {
  return new LiveSocket({
    url: () => 'ws://test/ws',
    createSocket: (url) => new FakeSocket(url),
    minDelayMs: 500,
    maxDelayMs: 15_000,
    random,
    idleCloseMs: 1_000,
    visible: () => pageVisible,
  });
}

beforeEach(() => {
  FakeSocket.all = [];
  pageVisible = true;
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 0.5 s up to 15 s, with jitter between half and all of the step', () => {
    const none = () => 0;
    const full = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, 500, 15_000, full))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
    expect([0, 1, 5].map((a) => backoffDelay(a, 500, 15_000, none))).toEqual([250, 500, 7500]);
    expect(backoffDelay(2, 500, 15_000, () => 0.5)).toBe(1500);
    expect(backoffDelay(1000, 500, 15_000, full)).toBe(15_000);
  });
});

describe('liveSocketUrl', () => {
  it('uses wss on https pages and ws otherwise, on the same host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'nyota.example' })).toBe('wss://nyota.example/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});

describe('LiveSocket', () => {
  it('connects on the first listener, joins after opening and tells listeners', () => {
    const live = makeSocket();
    const events: LiveSocketEvent[] = [];
    live.joinSession('s1');
    live.subscribe((e) => events.push(e));
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://test/ws');
    latest().open();
    expect(latest().sent).toEqual([{ type: 'join_session', sessionId: 's1' }]);
    expect(events).toEqual([{ type: 'open' }]);
    latest().receive({ type: 'session_joined', sessionId: 's1' });
    expect(events[1]).toEqual({ type: 'frame', frame: { type: 'session_joined', sessionId: 's1' } });
  });

  it('sends joins at once when already open, and leave when the last user leaves', () => {
    const live = makeSocket();
    live.subscribe(() => {});
    latest().open();
    const leaveA = live.joinSession('s1');
    const leaveB = live.joinSession('s1');
    live.joinAgents();
    expect(latest().sent).toEqual([{ type: 'join_session', sessionId: 's1' }, { type: 'join_agents' }]);
    leaveA();
    leaveA();
    expect(latest().sent).toHaveLength(2);
    leaveB();
    expect(latest().sent[2]).toEqual({ type: 'leave_session', sessionId: 's1' });
  });

  it('reconnects with growing delays and re-sends every join after each reconnect', () => {
    const live = makeSocket(() => 1);
    const events: LiveSocketEvent[] = [];
    live.subscribe((e) => events.push(e));
    live.joinSession('a');
    live.joinSession('b');
    live.joinAgents();
    latest().open();

    latest().drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    // The second attempt fails before opening: the next delay doubles.
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    latest().open();
    expect(latest().sent).toEqual([
      { type: 'join_session', sessionId: 'a' },
      { type: 'join_session', sessionId: 'b' },
      { type: 'join_agents' },
    ]);
    expect(events.filter((e) => e.type === 'open')).toHaveLength(2);

    // A successful open resets the backoff.
    latest().drop();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('names the newest message the page holds of each chat when it rejoins, as it is then', () => {
    const live = makeSocket();
    live.subscribe(() => undefined);
    const held: { newest?: string } = {};
    live.joinSession('a', () => held.newest);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'join_session', sessionId: 'a' }]);
    held.newest = 'm7';
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'join_session', sessionId: 'a', after: 'm7' }]);
  });

  it('comes back when a restarting gateway said to (1012), not on the backoff', () => {
    const socket = makeSocket();
    socket.subscribe(() => undefined);
    latest().open();
    latest().drop({ code: 1012, reason: 'Restarting; reconnect in 3200 ms' });
    const before = FakeSocket.all.length;
    vi.advanceTimersByTime(3_199);
    expect(FakeSocket.all.length).toBe(before);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(before + 1);
    // Any other close (and a 1012 without a time) keeps the backoff.
    latest().open();
    latest().drop({ code: 1012, reason: 'Live updates were interrupted; reconnecting' });
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all.length).toBe(before + 2);
  });

  it('caps the delay at 15 s', () => {
    const live = makeSocket(() => 1);
    live.subscribe(() => {});
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const before = FakeSocket.all.length;
      latest().drop();
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('does not rejoin a chat that was left while disconnected', () => {
    const live = makeSocket();
    live.subscribe(() => {});
    const leave = live.joinSession('gone');
    live.joinSession('kept');
    latest().open();
    latest().drop();
    leave();
    vi.advanceTimersByTime(1_000);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'join_session', sessionId: 'kept' }]);
  });

  it('drops frames while closed instead of queueing them', () => {
    const live = makeSocket();
    live.subscribe(() => {});
    expect(live.send({ type: 'typing', sessionId: 's', isTyping: true })).toBe(false);
    latest().open();
    expect(live.send({ type: 'typing', sessionId: 's', isTyping: true })).toBe(true);
    expect(latest().sent).toEqual([{ type: 'typing', sessionId: 's', isTyping: true }]);
  });

  it('ignores malformed frames', () => {
    const live = makeSocket();
    const events: LiveSocketEvent[] = [];
    live.subscribe((e) => events.push(e));
    latest().open();
    latest().onmessage?.({ data: 'not json' } as MessageEvent);
    latest().receive(42);
    expect(events).toEqual([{ type: 'open' }]);
  });

  it('closes after the last listener leaves and stops reconnecting; a quick resubscribe keeps it', () => {
    const live = makeSocket();
    const off = live.subscribe(() => {});
    latest().open();
    off();
    vi.advanceTimersByTime(500);
    const offAgain = live.subscribe(() => {});
    vi.advanceTimersByTime(5_000);
    expect(latest().closed).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    offAgain();
    vi.advanceTimersByTime(1_000);
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('while messages wait, begins an attempt that hung 2 s afresh at once, and gives attempts twice as long after 15 s of failing', () => {
    const live = makeSocket(() => 1);
    live.subscribe(() => {});
    latest().drop();
    vi.advanceTimersByTime(5_000);
    // Backed off (the last attempt began 4.5 s ago); messages waiting cut the wait short.
    latest().drop();
    const before = FakeSocket.all.length;
    live.setUrgent(true);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(before + 1);
    // Attempts hang (an outage): each is begun afresh after 2 s, the next at once; after 15 s of failing, 4 s.
    const lives: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const hanging = latest();
      const began = Date.now();
      while (!hanging.closed) vi.advanceTimersByTime(100);
      lives.push(Date.now() - began);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(before + 2 + attempt);
    }
    expect(lives.slice(0, 5)).toEqual([2_000, 2_000, 2_000, 2_000, 2_000]);
    expect(lives.slice(-2)).toEqual([4_000, 4_000]);
    latest().open();
    vi.advanceTimersByTime(10_000);
    expect(latest().closed).toBe(false);
  });

  it('once a connection opened in 300 ms, a hanging attempt is begun afresh after 900 ms', () => {
    const live = makeSocket(() => 1);
    live.subscribe(() => {});
    live.setUrgent(true);
    vi.advanceTimersByTime(300);
    latest().open();
    latest().drop();
    // The next attempt starts half a second after the last began, then hangs.
    vi.advanceTimersByTime(200);
    const hanging = latest();
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(899);
    expect(hanging.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(hanging.closed).toBe(true);
  });

  it('however fast a link opened, a hanging attempt is given at least 700 ms', () => {
    const fast = makeSocket(() => 1);
    fast.subscribe(() => {});
    fast.setUrgent(true);
    vi.advanceTimersByTime(20);
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(480);
    const next = latest();
    vi.advanceTimersByTime(699);
    expect(next.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(next.closed).toBe(true);
  });

  it('while messages wait, a server refusing at once is tried at most every half second', () => {
    const live = makeSocket(() => 1);
    live.subscribe(() => {});
    live.setUrgent(true);
    for (let i = 0; i < 5; i += 1) {
      latest().drop();
      vi.advanceTimersByTime(499);
      expect(FakeSocket.all).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(i + 2);
    }
  });

  it('probes a connection silent 5 s while a chat is joined and the page visible; an answer keeps it', () => {
    const live = makeSocket();
    live.subscribe(() => {});
    live.joinSession('s1');
    latest().open();
    latest().receive({ type: 'session_joined', sessionId: 's1' });
    vi.advanceTimersByTime(4_999);
    expect(latest().sent.map((f) => f.type)).toEqual(['join_session']);
    vi.advanceTimersByTime(1);
    expect(latest().sent.map((f) => f.type)).toEqual(['join_session', 'ping']);
    vi.advanceTimersByTime(1_000);
    latest().receive({ type: 'pong' });
    vi.advanceTimersByTime(4_000);
    expect(latest().closed).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    // Frames keep a connection from being probed at all.
    vi.advanceTimersByTime(900);
    latest().receive({ type: 'typing', sessionId: 's1', senderType: 'agent', isTyping: true });
    vi.advanceTimersByTime(4_900);
    expect(latest().sent.filter((f) => f.type === 'ping')).toHaveLength(1);
  });

  it('replaces a connection whose probe is not answered in 2 s, and joins again on the new one', () => {
    const live = makeSocket();
    const events: LiveSocketEvent[] = [];
    live.subscribe((e) => events.push(e));
    live.joinSession('s1', () => 'm9');
    latest().open();
    vi.advanceTimersByTime(5_000);
    const dead = latest();
    expect(dead.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(1_999);
    expect(dead.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(dead.closed).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'close' });
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'join_session', sessionId: 's1', after: 'm9' }]);
  });

  it('does not probe a hidden page or a socket with nothing joined', () => {
    const live = makeSocket();
    live.subscribe(() => {});
    latest().open();
    vi.advanceTimersByTime(30_000);
    expect(latest().sent).toEqual([]);
    live.joinSession('s1');
    pageVisible = false;
    vi.advanceTimersByTime(30_000);
    expect(latest().sent.map((f) => f.type)).toEqual(['join_session']);
    pageVisible = true;
    vi.advanceTimersByTime(5_000);
    expect(latest().sent.map((f) => f.type)).toEqual(['join_session', 'ping']);
  });

  it('reconnectNow skips the wait', () => {
    const live = makeSocket(() => 1);
    live.subscribe(() => {});
    latest().drop();
    live.reconnectNow();
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('LiveSocket.sendMessage', () => {
  const stored = (clientMessageId: string) => ({
    id: 'm1',
    sessionId: 's1',
    senderType: 'user',
    message: 'Hello',
    createdAt: '2026-11-28T10:00:00Z',
    attachment: null,
    clientMessageId,
  });
  const message = (clientMessageId = 'c1') => ({ sessionId: 's1', clientMessageId, message: 'Hello', resend: false });

  function joined() {
    const live = makeSocket();
    live.subscribe(() => {});
    live.joinSession('s1');
    latest().open();
    latest().receive({ type: 'session_joined', sessionId: 's1' });
    return live;
  }

  it('goes right behind the join on an open socket (frames are taken in order), never for an unjoined chat nor a text too long for a frame', () => {
    const live = makeSocket();
    live.subscribe(() => {});
    live.joinSession('s1');
    expect(live.sendMessage(message())).toBeNull();
    latest().open();
    expect(latest().sent.map((frame) => frame.type)).toEqual(['join_session']);
    expect(live.sendMessage({ ...message(), message: 'x'.repeat(socketMessageMaxLength + 1) })).toBeNull();
    expect(live.sendMessage({ ...message(), sessionId: 's2' })).toBeNull();
    expect(live.sendMessage(message())).not.toBeNull();
    expect(latest().sent.map((frame) => frame.type)).toEqual(['join_session', 'send_message']);
  });

  it('takes a chat whose join failed (a 409 send_failed) off the socket: the message counts as lost and the next is posted', async () => {
    const live = makeSocket();
    live.subscribe(() => {});
    live.joinSession('s1');
    latest().open();
    const answer = live.sendMessage(message())!;
    latest().receive({ type: 'send_failed', sessionId: 's1', clientMessageId: 'c1', status: 409, message: 'Join the chat session first' });
    expect(((await answer.catch((e: unknown) => e)) as RequestError).failure.kind).toBe('network');
    expect(live.canSendMessage('s1', 'Hello')).toBe(false);
    expect(live.sendMessage(message('c2'))).toBeNull();
  });

  it("sends a frame and resolves with the stored message's own new_message", async () => {
    const live = joined();
    const answer = live.sendMessage({ ...message(), resend: true })!;
    expect(latest().sent.at(-1)).toEqual({ type: 'send_message', sessionId: 's1', clientMessageId: 'c1', message: 'Hello', resend: true });
    latest().receive({ type: 'new_message', sessionId: 's1', message: stored('other') });
    latest().receive({ type: 'new_message', sessionId: 's1', message: stored('c1') });
    await expect(answer).resolves.toMatchObject({ id: 'm1', clientMessageId: 'c1' });
    // A first try carries no resend field.
    void live.sendMessage(message('c2'));
    expect(latest().sent.at(-1)).toEqual({ type: 'send_message', sessionId: 's1', clientMessageId: 'c2', message: 'Hello' });
  });

  it("rejects with the server's status and words on send_failed, as a POST would", async () => {
    const live = joined();
    const answer = live.sendMessage(message())!;
    latest().receive({ type: 'send_failed', sessionId: 's1', clientMessageId: 'c1', status: 429, message: 'Too many messages' });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).status).toBe(429);
    expect((error as RequestError).message).toBe('Too many messages');
  });

  it('rejects as a network failure when the socket drops or no answer comes in time, and goes behind the new join after a reconnect', async () => {
    const live = joined();
    const dropped = live.sendMessage(message())!;
    latest().drop();
    expect(((await dropped.catch((e: unknown) => e)) as RequestError).failure.kind).toBe('network');
    vi.advanceTimersByTime(1_000);
    latest().open();
    // Joined again on the new connection, so it goes behind that join.
    expect(latest().sent.map((frame) => frame.type)).toEqual(['join_session']);
    const late = live.sendMessage(message())!;
    // Sent again while still waiting: the same wait, nothing sent twice.
    const sentBefore = latest().sent.length;
    expect(live.sendMessage({ ...message(), resend: true })).toBe(late);
    expect(latest().sent).toHaveLength(sentBefore);
    // No answer in 6 s: the connection counts as dead and a new one opens at once.
    const sockets = FakeSocket.all.length;
    vi.advanceTimersByTime(6_000);
    expect(((await late.catch((e: unknown) => e)) as RequestError).failure.kind).toBe('network');
    expect(FakeSocket.all).toHaveLength(sockets + 1);
  });
});

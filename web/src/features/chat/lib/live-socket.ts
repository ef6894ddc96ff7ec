// The one live socket (/ws) shared by the visitor widget and the agent console.
// It reconnects with exponential backoff and jitter (or, when a restarting
// gateway closed it, at the moment that gateway gave), and after every
// (re)connect re-sends its joins, each naming the newest message the page
// holds of that chat, and tells listeners. The join's answer carries what was
// missed (or says the gap is too old, and the views refetch). A text message
// goes on it once its chat is joined (`sendMessage`): a frame, answered by
// the stored message's own `new_message`, costs a fraction of a POST. While
// a chat is joined and the page visible, a connection that has been silent
// a few seconds is probed (`ping`), and replaced when no answer comes: a
// link that died without closing is noticed in seconds.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { newestCachedMessage } from './chat-cache';
import type { ChatMessage } from '@/api-types/ChatMessage';
import type { ClientFrame } from '@/api-types/ClientFrame';
import type { ServerFrame } from '@/api-types/ServerFrame';
import { RequestError } from '@/lib/api-client';
import { messages } from '@/lib/error-catalogue';

/** What listeners hear: the socket (re)opened or dropped, or a frame from the server. */
export type LiveSocketEvent = { type: 'open' } | { type: 'close' } | { type: 'frame'; frame: ServerFrame };
export type LiveSocketListener = (event: LiveSocketEvent) => void;

/** The part of the browser's WebSocket this module uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveSocketOptions {
  url?: () => string;
  createSocket?: (url: string) => SocketLike;
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** How long the socket stays open after the last listener leaves (absorbs remounts). */
  idleCloseMs?: number;
  /** How long a message sent on the socket waits for its answer before the connection counts as dead. */
  answerTimeoutMs?: number;
  /**
   * While messages wait to be sent (`setUrgent`): the shortest time between
   * the starts of two attempts to connect (so a server refusing at once is
   * not hammered), 500 ms. While they wait or a chat is in view: the
   * longest one attempt may take before it is begun afresh, 2 s (a
   * connection begun in an outage waits out TCP's own retries otherwise,
   * whose waits double from 1 s). Once a connection has opened, an attempt
   * is given three times what that took, at least `urgentConnectFloorMs`
   * (700 ms): on a link that opens in 0.3 s, an attempt whose first packet
   * was lost is begun afresh after 0.9 s. After 15 s of failing the time
   * doubles, and again every 15 s up to eight times, so a link that became
   * slower than that still connects.
   */
  urgentMaxDelayMs?: number;
  urgentConnectTimeoutMs?: number;
  urgentConnectFloorMs?: number;
  /** With a chat joined and the page visible: probe a connection silent this long (5 s)… */
  probeAfterMs?: number;
  /** …and replace it when the probe is not answered within this (2 s). */
  probeTimeoutMs?: number;
  /** Whether the page is in view (probes are only for a page someone looks at). */
  visible?: () => boolean;
}

/** A text message for the socket (attachments go by POST). */
export interface SocketMessage {
  sessionId: string;
  clientMessageId: string;
  message: string;
  resend: boolean;
}

/**
 * Longest text sent on the socket, in UTF-16 units: at most 6 bytes each in
 * JSON (a control character's escape), so the frame stays well under the
 * server's 16 KiB limit. Longer ones are posted.
 */
export const socketMessageMaxLength = 2_000;

interface Awaiting {
  answer: Promise<ChatMessage>;
  resolve: (message: ChatMessage) => void;
  reject: (error: RequestError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The socket dropped, or no answer came in time: the message may or may not be stored; the outbox resends. */
const lostAnswer = () => new RequestError({ kind: 'network' }, messages.network);

const OPEN = 1;

/**
 * When a gateway shutting down told this socket to come back (close code
 * 1012, "Restarting; reconnect in N ms": a moment spread over a few seconds
 * so its browsers do not all return at once), capped at a minute; else null.
 */
export function restartDelay(event: Pick<CloseEvent, 'code' | 'reason'>): number | null {
  if (event.code !== 1012) return null;
  const match = /reconnect in (\d+) ms/.exec(event.reason ?? '');
  return match ? Math.min(Number(match[1]), 60_000) : null;
}

/** Same host, wss when the page is https. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): min·2^attempt capped at
 * max, then "equal jitter" — somewhere between half and all of it — so that
 * many browsers dropped together do not come back together.
 */
export function backoffDelay(attempt: number, minDelayMs: number, maxDelayMs: number, random: () => number): number {
  const ceiling = Math.min(maxDelayMs, minDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export class LiveSocket {
  private readonly options: Required<LiveSocketOptions>;
  private socket: SocketLike | null = null;
  private readonly listeners = new Set<LiveSocketListener>();
  /** Joined chats with how many parts of the page want each. */
  private readonly sessions = new Map<string, number>();
  /** Per joined chat, the newest message the page has (sent with a rejoin, to get only what was missed). */
  private readonly newest = new Map<string, () => string | undefined>();
  /**
   * Chats joined on this connection: their messages may go on it, right
   * behind the join (the server takes a socket's frames in order). A join
   * that failed shows as a 409 `send_failed`, and the chat leaves the set.
   */
  private readonly joined = new Set<string>();
  /** Messages sent on the socket, by client id, waiting for their `new_message` or `send_failed`. */
  private readonly awaiting = new Map<string, Awaiting>();
  private agents = 0;
  private attempt = 0;
  /** Messages wait to be sent: reconnect sooner (see `urgentMaxDelayMs`). */
  private urgent = false;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the current attempt to connect began, and when the first of the attempts failing since the last open did (null: none failed). */
  private attemptStartedAt = 0;
  private failingSince: number | null = null;
  /** How long connections took to open here, smoothed (null before the first). */
  private openMs: number | null = null;
  /** When the open connection last delivered a frame, and when the unanswered probe went (null: none). */
  private lastHeard = 0;
  private probeSentAt: number | null = null;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: LiveSocketOptions = {}) {
    this.options = {
      url: options.url ?? (() => liveSocketUrl()),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      minDelayMs: options.minDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 15_000,
      random: options.random ?? Math.random,
      idleCloseMs: options.idleCloseMs ?? 1_000,
      answerTimeoutMs: options.answerTimeoutMs ?? 6_000,
      urgentMaxDelayMs: options.urgentMaxDelayMs ?? 500,
      urgentConnectTimeoutMs: options.urgentConnectTimeoutMs ?? 2_000,
      urgentConnectFloorMs: options.urgentConnectFloorMs ?? 700,
      probeAfterMs: options.probeAfterMs ?? 5_000,
      probeTimeoutMs: options.probeTimeoutMs ?? 2_000,
      visible: options.visible ?? (() => typeof document === 'undefined' || document.visibilityState === 'visible'),
    };
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Listens to the socket; connects on the first listener, closes shortly after the last leaves. */
  subscribe(listener: LiveSocketListener): () => void {
    this.listeners.add(listener);
    this.clearIdleTimer();
    if (!this.socket && !this.reconnectTimer) this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.clearIdleTimer();
        this.idleTimer = setTimeout(() => this.shutdown(), this.options.idleCloseMs);
      }
    };
  }

  /** Sends a frame if the socket is open; returns whether it was sent (frames are never queued). */
  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Joins a chat now and after every reconnect; the returned function leaves
   * it. `newest` tells the newest message the page holds of it, if any: the
   * server then answers with what came after instead of the page refetching.
   */
  joinSession(sessionId: string, newest?: () => string | undefined): () => void {
    const count = this.sessions.get(sessionId) ?? 0;
    this.sessions.set(sessionId, count + 1);
    if (newest) this.newest.set(sessionId, newest);
    if (count === 0) this.sendJoin(sessionId);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const remaining = (this.sessions.get(sessionId) ?? 1) - 1;
      if (remaining > 0) {
        this.sessions.set(sessionId, remaining);
      } else {
        this.sessions.delete(sessionId);
        this.newest.delete(sessionId);
        this.joined.delete(sessionId);
        this.send({ type: 'leave_session', sessionId });
      }
    };
  }

  /**
   * Joins the agents' inbox topic now and after every reconnect. Each joiner
   * sends the frame (joining twice is harmless), so each one that mounts
   * later (the console under the admin shell) hears an `agents_joined` of
   * its own and loads what it shows.
   */
  joinAgents(): () => void {
    this.agents += 1;
    this.send({ type: 'join_agents' });
    let left = false;
    return () => {
      if (left) return;
      left = true;
      // The protocol has no leave_agents: the topic is left when the socket closes.
      this.agents = Math.max(0, this.agents - 1);
    };
  }

  /**
   * Sends a text message on the socket, when it is open and the chat joined
   * and the text not too long for a frame; null when it cannot (the caller
   * posts it instead). Resolves with the stored message (its `new_message`
   * frame); rejects with the server's refusal (`send_failed`, its status and
   * words, as a POST would), or as a network failure when the socket drops
   * or no answer comes in time: the message may be stored, so the caller
   * resends it as a resend.
   */
  sendMessage(message: SocketMessage): Promise<ChatMessage> | null {
    const { sessionId, clientMessageId, resend } = message;
    // Sent on this connection and not answered yet: its answer is still to
    // come, and sending it another way could store it after later ones.
    const waiting = this.awaiting.get(clientMessageId);
    if (waiting) return waiting.answer;
    if (!this.canSendMessage(sessionId, message.message)) return null;
    const frame: ClientFrame = { type: 'send_message', sessionId, clientMessageId, message: message.message, ...(resend ? { resend } : {}) };
    if (!this.send(frame)) return null;
    let settle: Pick<Awaiting, 'resolve' | 'reject'> | null = null;
    const answer = new Promise<ChatMessage>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const timer = setTimeout(() => this.replaceDeadConnection(), this.options.answerTimeoutMs);
    this.awaiting.set(clientMessageId, { answer, ...settle!, timer });
    return answer;
  }

  /**
   * A message's answer or a probe's did not come in time: a link that
   * dropped without closing the connection (a tunnel, a phone changing
   * networks, a lossy network's long retransmission waits). A new
   * connection, at once: every message waiting for an answer counts as lost
   * (its sender resends it, in order), and the joins say what was missed.
   */
  private replaceDeadConnection(): void {
    if (this.socket) this.drop(this.socket);
    this.forgetConnection();
    if (this.listeners.size === 0) return;
    this.clearReconnectTimer();
    this.emit({ type: 'close' });
    this.connect();
  }

  /** Whether a text message for chat `sessionId` would go on the socket now. */
  canSendMessage(sessionId: string, text: string): boolean {
    return this.connected && this.joined.has(sessionId) && text.length <= socketMessageMaxLength;
  }

  /** Forgets a message's wait and hands it back to be settled. */
  private settle(clientMessageId: string): Awaiting | undefined {
    const awaiting = this.awaiting.get(clientMessageId);
    if (!awaiting) return undefined;
    this.awaiting.delete(clientMessageId);
    clearTimeout(awaiting.timer);
    return awaiting;
  }

  /** Answers the messages sent on the socket that this frame is about. */
  private answer(frame: ServerFrame): void {
    if (frame.type === 'session_joined') {
      this.joined.add(frame.sessionId);
    } else if (frame.type === 'send_failed' && frame.status === 409) {
      // Not joined on this connection after all: the message is posted instead.
      this.joined.delete(frame.sessionId);
      this.settle(frame.clientMessageId)?.reject(lostAnswer());
    } else if (frame.type === 'new_message' && frame.message.clientMessageId) {
      this.settle(frame.message.clientMessageId)?.resolve(frame.message);
    } else if (frame.type === 'send_failed') {
      const failure = { kind: 'http', status: frame.status, statusText: '', body: { message: frame.message } } as const;
      this.settle(frame.clientMessageId)?.reject(new RequestError(failure, frame.message));
    }
  }

  /** The connection ended: nothing is joined on the next, and no answer comes on this one. */
  private forgetConnection(): void {
    this.joined.clear();
    this.clearProbeTimer();
    this.probeSentAt = null;
    for (const clientMessageId of [...this.awaiting.keys()]) this.settle(clientMessageId)?.reject(lostAnswer());
  }

  private sendJoin(sessionId: string): void {
    const after = this.newest.get(sessionId)?.();
    if (this.send(after ? { type: 'join_session', sessionId, after } : { type: 'join_session', sessionId })) this.joined.add(sessionId);
  }

  /**
   * Whether messages wait to be sent. While they do, a dropped socket tries
   * again at least every half second; becoming urgent cuts a longer wait short.
   */
  setUrgent(urgent: boolean): void {
    if (urgent === this.urgent) return;
    this.urgent = urgent;
    if (urgent && this.reconnectTimer && this.listeners.size > 0) this.scheduleReconnect();
  }

  /** Reconnects now, e.g. when the browser comes back online. */
  reconnectNow(): void {
    if (this.listeners.size === 0 || this.connected) return;
    this.clearReconnectTimer();
    if (this.socket) this.drop(this.socket);
    this.connect();
  }

  private connect(): void {
    this.reconnectTimer = null;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.attemptStartedAt = Date.now();
    if (this.attempt > 0) this.failingSince ??= this.attemptStartedAt;
    // Someone is waiting (messages to send, a chat in view): an attempt
    // that hangs is begun afresh rather than left to TCP's long retries.
    if (this.urgent || this.wantsProbe()) {
      this.connectTimer = setTimeout(() => {
        this.connectTimer = null;
        if (this.socket !== socket || socket.readyState === OPEN) return;
        this.drop(socket);
        this.scheduleReconnect();
      }, this.connectTimeout());
    }
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearConnectTimer();
      const took = Date.now() - this.attemptStartedAt;
      this.openMs = this.openMs === null ? took : Math.round(0.75 * this.openMs + 0.25 * took);
      this.attempt = 0;
      this.failingSince = null;
      this.lastHeard = Date.now();
      this.armProbe();
      for (const sessionId of this.sessions.keys()) this.sendJoin(sessionId);
      if (this.agents > 0) this.send({ type: 'join_agents' });
      this.emit({ type: 'open' });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      if (!frame || typeof frame !== 'object' || typeof frame.type !== 'string') return;
      // Any frame shows the connection alive, the probe's answer among them.
      this.lastHeard = Date.now();
      this.probeSentAt = null;
      if (frame.type === 'pong') return;
      this.answer(frame);
      this.emit({ type: 'frame', frame });
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearConnectTimer();
      this.forgetConnection();
      if (this.listeners.size === 0) return;
      this.scheduleReconnect(restartDelay(event));
      this.emit({ type: 'close' });
    };
  }

  /**
   * How long an attempt may take to open: three times what opening took
   * here so far, between the floor and the ceiling (the ceiling before any
   * connection opened); doubled for every 15 s of failing, up to eight
   * times, so a link that became slower than the estimate still connects
   * (an outage of a few seconds keeps the short attempts).
   */
  private connectTimeout(): number {
    const { urgentConnectTimeoutMs, urgentConnectFloorMs } = this.options;
    const estimate = this.openMs === null ? urgentConnectTimeoutMs : Math.min(urgentConnectTimeoutMs, Math.max(urgentConnectFloorMs, 3 * this.openMs));
    const failing = this.failingSince === null ? 0 : Date.now() - this.failingSince;
    return estimate * 2 ** Math.min(3, Math.floor(failing / 15_000));
  }

  /**
   * Reconnects after `told` ms when the server said when, else after the
   * backoff; while messages wait, as soon as the last attempt began at least
   * `urgentMaxDelayMs` (with jitter) ago.
   */
  private scheduleReconnect(told: number | null = null): void {
    this.clearReconnectTimer();
    const { minDelayMs, maxDelayMs, urgentMaxDelayMs, random } = this.options;
    const sinceAttempt = Date.now() - this.attemptStartedAt;
    const delay =
      told ??
      (this.urgent
        ? Math.max(0, backoffDelay(this.attempt, minDelayMs, urgentMaxDelayMs, random) - sinceAttempt)
        : backoffDelay(this.attempt, minDelayMs, maxDelayMs, random));
    this.attempt = told === null ? this.attempt + 1 : 0;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /** Whether a silent connection is worth probing: a chat or the inbox joined, and someone looking. */
  private wantsProbe(): boolean {
    return this.listeners.size > 0 && (this.sessions.size > 0 || this.agents > 0) && this.options.visible();
  }

  /**
   * Checks the open connection when due: an unanswered probe past its time
   * replaces it; a connection silent for `probeAfterMs` is probed.
   */
  private armProbe(): void {
    this.clearProbeTimer();
    if (!this.connected) return;
    const { probeAfterMs, probeTimeoutMs } = this.options;
    const now = Date.now();
    if (this.probeSentAt !== null) {
      const due = this.probeSentAt + probeTimeoutMs;
      if (now >= due) {
        this.replaceDeadConnection();
        return;
      }
      this.probeTimer = setTimeout(() => this.armProbe(), due - now);
      return;
    }
    const due = this.lastHeard + probeAfterMs;
    if (now >= due && this.wantsProbe() && this.send({ type: 'ping' })) {
      this.probeSentAt = now;
      this.probeTimer = setTimeout(() => this.armProbe(), probeTimeoutMs);
      return;
    }
    this.probeTimer = setTimeout(() => this.armProbe(), now >= due ? probeAfterMs : due - now);
  }

  private emit(event: LiveSocketEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** Detaches and closes a socket without triggering a reconnect. */
  private drop(socket: SocketLike): void {
    socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
    try {
      socket.close(1000);
    } catch {
      // Already closed.
    }
    if (this.socket === socket) {
      this.socket = null;
      this.clearConnectTimer();
      this.forgetConnection();
    }
  }

  private shutdown(): void {
    this.idleTimer = null;
    if (this.listeners.size > 0) return;
    this.clearReconnectTimer();
    if (this.socket) this.drop(this.socket);
    this.attempt = 0;
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private clearProbeTimer(): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

let shared: LiveSocket | null = null;

/** The page's one socket. */
export function liveSocket(): LiveSocket {
  if (!shared) {
    const socket = new LiveSocket();
    shared = socket;
    window.addEventListener('online', () => socket.reconnectNow());
  }
  return shared;
}

/**
 * Calls `listener` for every socket event while the component is mounted and
 * `enabled` (the latest listener wins); being subscribed keeps the socket open.
 */
export function useLiveSocket(listener: LiveSocketListener, enabled = true): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return;
    return liveSocket().subscribe((event) => latest.current(event));
  }, [enabled]);
}

/** Keeps a chat joined while mounted (and re-joined after reconnects). */
export function useJoinedSession(sessionId: string | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!sessionId) return;
    return liveSocket().joinSession(sessionId, () => newestCachedMessage(queryClient, sessionId));
  }, [sessionId, queryClient]);
}

// Messages typed but not yet stored by the server: kept in the browser
// (localStorage, so a reload or a closed tab loses none) with the id that
// makes every resend of one message the same message to the server
// (`clientMessageId`), and sent on their own in the order typed (all at
// once on the socket, one at a time by POST) until the server stores each. A link that is down, a time-out,
// a 5xx or a 429 only delays a message (resent with backoff and jitter, and
// at once when the browser comes back online or the socket reconnects); a
// refusal for good (400, 403, 404, 413) keeps it, with the server's reason,
// for the writer to edit or discard.

import type { ChatMessage } from '@/api-types/ChatMessage';
import type { MessageAttachment } from '@/api-types/MessageAttachment';
import { RequestError } from '@/lib/api-client';
import { backoffDelay } from './live-socket';

export interface OutboxEntry {
  /** Sent with every attempt: the server stores the message once. */
  clientMessageId: string;
  sessionId: string;
  message: string;
  /** An attachment already uploaded to the chat, sent with the message. */
  attachment: MessageAttachment | null;
  /** When it was typed (ISO 8601), shown until the server's time replaces it. */
  typedAt: string;
  /** The server's reason when it refused the message for good; null while sending. */
  problem: string | null;
}

/**
 * A send under way. `pipelined`: the next entry may go before this one is
 * answered, as the way it went keeps the order (the socket: the server takes
 * its frames in order and, after a failure for now, none of the rest).
 */
export interface Sending {
  answer: Promise<ChatMessage>;
  pipelined: boolean;
  /**
   * Gives up a send that did not go pipelined (a POST), so the entry can go
   * the faster way that opened (see `wake`); its answer then rejects.
   */
  abort?: () => void;
}

export interface OutboxOptions {
  /**
   * Sends one entry; resolves with the stored message. `resend`: it may have
   * reached the server before (tried already, or kept from an earlier page),
   * so the server looks for it first; a first try costs no such look. A bare
   * promise is a send the next one waits for.
   */
  send: (entry: OutboxEntry, resend: boolean) => Promise<ChatMessage> | Sending;
  /** Whether `entry` would go pipelined now: only then may it start while others wait for answers. */
  pipelines?: (entry: OutboxEntry) => boolean;
  /** The text shown with a message refused for good. */
  describe: (error: unknown) => string;
  /** Called with each stored message, in the same tick the entry leaves. */
  onStored: (message: ChatMessage, entry: OutboxEntry) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  storageKey?: string;
  random?: () => number;
  /** Retry delays: min·2^attempt, at most max, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** Statuses that no resend can change: the message is refused for good. */
const FINAL_STATUSES = new Set([400, 403, 404, 413, 422]);

export function isFinalRefusal(error: unknown): boolean {
  return error instanceof RequestError && error.status !== null && FINAL_STATUSES.has(error.status);
}

export const outboxStorageKey = 'chat-outbox';

export class Outbox {
  private list: OutboxEntry[];
  private readonly listeners = new Set<() => void>();
  private sending = false;
  /** Entries sent and not answered yet, by client id. */
  private readonly underWay = new Map<string, Sending>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Entries typed on this page and not sent yet: their first try is no resend. */
  private readonly untried = new Set<string>();
  /** Sends given up for a faster way (`wake`): they go again at once, not after a backoff. */
  private readonly rerouted = new Set<string>();
  private readonly options: Required<Omit<OutboxOptions, 'storage'>> & { storage: OutboxOptions['storage'] };

  constructor(options: OutboxOptions) {
    this.options = {
      storageKey: outboxStorageKey,
      random: Math.random,
      pipelines: () => false,
      minDelayMs: 1_000,
      maxDelayMs: 30_000,
      ...options,
      storage: options.storage === undefined ? browserStorage() : options.storage,
    };
    this.list = readEntries(this.options.storage, this.options.storageKey);
  }

  /** Every entry, oldest first. */
  entries(): OutboxEntry[] {
    return this.list;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keeps `entry` and sends it after those typed before it. */
  add(entry: OutboxEntry): void {
    this.untried.add(entry.clientMessageId);
    this.update([...this.list, entry]);
    if (this.sending) this.start();
    else this.wake();
  }

  /** Drops an entry (a refused message its writer discards or takes back to edit). */
  discard(clientMessageId: string): void {
    this.update(this.list.filter((entry) => entry.clientMessageId !== clientMessageId));
  }

  /**
   * Sends now: the link may be back (online again, the socket reconnected or
   * a chat joined on it). A POST under way for an entry that would now go
   * pipelined is given up and the entry sent that way, as a resend: a POST
   * begun while the link was down waits out TCP's own retries, seconds after
   * the link came back, and every later entry waits behind it.
   */
  wake(): void {
    this.attempt = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const entry of this.list) {
      const going = this.underWay.get(entry.clientMessageId);
      if (!going || going.pipelined || !going.abort || !this.options.pipelines(entry)) continue;
      this.rerouted.add(entry.clientMessageId);
      going.abort();
    }
    void this.flush();
  }

  /** Reads the entries again: another tab of this browser changed them. */
  reload(): void {
    this.list = readEntries(this.options.storage, this.options.storageKey);
    for (const listener of this.listeners) listener();
    void this.flush();
  }

  /** Stops the retry timer (tests, and a page that goes away). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Starts, in the order typed, what may go now: the first waiting entry when
   * nothing is under way; after an entry under way that went pipelined, each
   * next one that pipelines too (so a message typed while others wait for
   * their answers goes at once, and a link back after an outage costs one
   * round trip, not one per message).
   */
  private start(): void {
    let lastPipelined = true;
    for (const entry of this.list) {
      if (entry.problem !== null) continue;
      const going = this.underWay.get(entry.clientMessageId);
      if (going) {
        lastPipelined = going.pipelined;
        continue;
      }
      if (this.underWay.size > 0 && !(lastPipelined && this.options.pipelines(entry))) return;
      const resend = !this.untried.delete(entry.clientMessageId);
      const sending = this.options.send(entry, resend);
      const sent: Sending = sending instanceof Promise ? { answer: sending, pipelined: false } : sending;
      // An answer no longer awaited (after a failure) must not go unhandled.
      sent.answer.catch(() => undefined);
      this.underWay.set(entry.clientMessageId, sent);
      if (!sent.pipelined) return;
      lastPipelined = true;
    }
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (;;) {
        this.start();
        // The answers are taken in the order typed.
        const sent = this.list.find((entry) => entry.problem === null && this.underWay.has(entry.clientMessageId));
        if (!sent) return;
        let stored: ChatMessage;
        try {
          stored = await this.underWay.get(sent.clientMessageId)!.answer;
        } catch (error) {
          if (this.rerouted.has(sent.clientMessageId)) continue;
          if (isFinalRefusal(error)) {
            const problem = this.options.describe(error);
            this.update(this.list.map((entry) => (entry.clientMessageId === sent.clientMessageId ? { ...entry, problem } : entry)));
            continue;
          }
          // The rest wait with it (the server took none of them after it)
          // and go again from it, as resends.
          this.underWay.clear();
          this.retryLater();
          return;
        } finally {
          this.underWay.delete(sent.clientMessageId);
          this.rerouted.delete(sent.clientMessageId);
        }
        this.attempt = 0;
        this.update(this.list.filter((entry) => entry.clientMessageId !== sent.clientMessageId));
        this.options.onStored(stored, sent);
      }
    } finally {
      this.sending = false;
    }
  }

  private retryLater(): void {
    if (this.timer) return;
    const delay = backoffDelay(this.attempt, this.options.minDelayMs, this.options.maxDelayMs, this.options.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private update(list: OutboxEntry[]): void {
    this.list = list;
    writeEntries(this.options.storage, this.options.storageKey, list);
    for (const listener of this.listeners) listener();
  }
}

function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readEntries(storage: OutboxOptions['storage'], key: string): OutboxEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function writeEntries(storage: OutboxOptions['storage'], key: string, list: OutboxEntry[]): void {
  try {
    storage?.setItem(key, JSON.stringify(list));
  } catch {
    // Full or blocked storage: the messages are still sent from memory.
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.clientMessageId === 'string' &&
    typeof entry.sessionId === 'string' &&
    typeof entry.message === 'string' &&
    typeof entry.typedAt === 'string' &&
    (entry.problem === null || typeof entry.problem === 'string') &&
    (entry.attachment === null || typeof entry.attachment === 'object')
  );
}

/** A random UUID (v4): `crypto.randomUUID` where offered, else from `getRandomValues`. */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

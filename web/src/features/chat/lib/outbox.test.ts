import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { RequestError } from '@/lib/api-client';
import { Outbox, newClientMessageId, type OutboxEntry } from './outbox';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function entry(message: string, sessionId = 's1'): OutboxEntry {
  return { clientMessageId: `id-${message}`, sessionId, message, attachment: null, typedAt: '2026-11-28T10:00:00Z', problem: null };
}

function stored(e: OutboxEntry): ChatMessage {
  return {
    id: `m-${e.message}`,
    sessionId: e.sessionId,
    senderType: 'user',
    senderName: undefined,
    message: e.message,
    createdAt: '2026-11-28T10:00:01Z',
    attachment: null,
  };
}

const offline = () => new RequestError({ kind: 'network' }, 'Network error');
const refused = (status: number, text: string) =>
  new RequestError({ kind: 'http', status, statusText: '', body: { message: text } }, text);

describe('Outbox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends in the order typed, one at a time, and hands each stored message on', async () => {
    const sent: string[] = [];
    const delivered: string[] = [];
    let inFlight = 0;
    const outbox = new Outbox({
      storage: memoryStorage(),
      send: async (e) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        sent.push(e.message);
        await Promise.resolve();
        inFlight -= 1;
        return stored(e);
      },
      describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: (message) => delivered.push(message.id),
    });
    outbox.add(entry('one'));
    outbox.add(entry('two'));
    outbox.add(entry('three'));
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(delivered).toEqual(['m-one', 'm-two', 'm-three']);
    expect(outbox.entries()).toEqual([]);
  });

  it('keeps a message through a failed link and resends it, with the same id, until stored', async () => {
    const ids: string[] = [];
    const resends: boolean[] = [];
    let up = false;
    const outbox = new Outbox({
      storage: memoryStorage(),
      random: () => 1,
      send: async (e, resend) => {
        ids.push(e.clientMessageId);
        resends.push(resend);
        if (!up) throw offline();
        return stored(e);
      },
      describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: () => undefined,
    });
    outbox.add(entry('hello'));
    outbox.add(entry('again'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.entries().map((e) => e.message)).toEqual(['hello', 'again']);
    // 1 s, then 2 s: still down.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ids).toEqual(['id-hello', 'id-hello', 'id-hello']);
    up = true;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(ids.slice(3)).toEqual(['id-hello', 'id-again']);
    // Only the first try of each says it is no resend (the server then skips its look-up).
    expect(resends).toEqual([false, true, true, true, false]);
    expect(outbox.entries()).toEqual([]);
  });

  it('sends at once when woken (online again, socket reconnected) instead of waiting out the backoff', async () => {
    let up = false;
    const sent: string[] = [];
    const outbox = new Outbox({
      storage: memoryStorage(),
      random: () => 1,
      maxDelayMs: 30_000,
      send: async (e) => {
        if (!up) throw offline();
        sent.push(e.message);
        return stored(e);
      },
      describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: () => undefined,
    });
    outbox.add(entry('hi'));
    await vi.advanceTimersByTimeAsync(60_000);
    up = true;
    outbox.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['hi']);
  });

  it('keeps a refused message with the server reason, and goes on with the next', async () => {
    const sent: string[] = [];
    const outbox = new Outbox({
      storage: memoryStorage(),
      send: async (e) => {
        if (e.message === 'bad') throw refused(400, 'Message must be at most 4000 characters');
        sent.push(e.message);
        return stored(e);
      },
      describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: () => undefined,
    });
    outbox.add(entry('bad'));
    outbox.add(entry('good'));
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['good']);
    expect(outbox.entries()).toEqual([{ ...entry('bad'), problem: 'Message must be at most 4000 characters' }]);
    outbox.discard('id-bad');
    expect(outbox.entries()).toEqual([]);
  });

  it('retries a 5xx, a 429 and a signed-out 401 rather than dropping the message', async () => {
    const answers = [refused(503, 'down'), refused(429, 'slow down'), refused(401, 'sign in')];
    const outbox = new Outbox({
      storage: memoryStorage(),
      random: () => 0,
      send: async (e) => {
        const failure = answers.shift();
        if (failure) throw failure;
        return stored(e);
      },
      describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: () => undefined,
    });
    outbox.add(entry('kept'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outbox.entries()).toEqual([]);
    expect(answers).toEqual([]);
  });

  it('survives a reload: a new outbox over the same storage sends what the last one kept', async () => {
    const storage = memoryStorage();
    const first = new Outbox({ storage, send: () => Promise.reject(offline()), describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: () => undefined });
    first.add(entry('typed offline'));
    await vi.advanceTimersByTimeAsync(0);
    first.stop();

    const sent: string[] = [];
    const second = new Outbox({
      storage,
      send: async (e, resend) => {
        sent.push(e.clientMessageId);
        // It may have reached the server before the reload.
        expect(resend).toBe(true);
        return stored(e);
      },
      describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: () => undefined,
    });
    expect(second.entries().map((e) => e.message)).toEqual(['typed offline']);
    second.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['id-typed offline']);
    expect(new Outbox({ storage, send: vi.fn(), describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: vi.fn() }).entries()).toEqual([]);
  });

  it('ignores storage it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('chat-outbox', '{not json');
    expect(new Outbox({ storage, send: vi.fn(), describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: vi.fn() }).entries()).toEqual([]);
    storage.setItem('chat-outbox', JSON.stringify([{ message: 1 }, entry('ok')]));
    expect(new Outbox({ storage, send: vi.fn(), describe: (error) => (error instanceof Error ? error.message : 'refused'),
      onStored: vi.fn() }).entries()).toEqual([entry('ok')]);
  });
});

describe('newClientMessageId', () => {
  it('is a version 4 UUID, different each time', () => {
    const a = newClientMessageId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientMessageId()).not.toBe(a);
  });
});

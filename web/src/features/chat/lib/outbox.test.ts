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

  it('sends each text at once where the way keeps the order, answers taken in order; a failure for now holds the rest, which go again in order', async () => {
    const sent: Array<[string, boolean]> = [];
    const answers = new Map<string, { resolve: (m: ChatMessage) => void; reject: (e: unknown) => void }>();
    const delivered: string[] = [];
    const outbox = new Outbox({
      storage: memoryStorage(),
      random: () => 0,
      pipelines: (e) => e.attachment === null,
      send: (e, resend) => {
        sent.push([e.message, resend]);
        const answer = new Promise<ChatMessage>((resolve, reject) => answers.set(e.message, { resolve, reject }));
        return e.attachment === null ? { answer, pipelined: true } : answer;
      },
      describe: () => 'refused',
      onStored: (message) => delivered.push(message.message),
    });
    const file = { ...entry('file'), attachment: { id: 'f', kind: 'image', contentType: 'image/png', filename: 'a.png', byteSize: 1, width: 1, height: 1 } } as OutboxEntry;
    // Typed one after the other: each text goes at once, without waiting for
    // the answers before it; the file (posted) waits for them.
    for (const e of [entry('one'), entry('two'), entry('three'), file]) outbox.add(e);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['one', false], ['two', false], ['three', false]]);
    // The link drops: the first fails for now, the rest with it.
    answers.get('one')!.reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).toEqual([]);
    // Back: all three again, at once, in order, as resends.
    outbox.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.slice(3)).toEqual([['one', true], ['two', true], ['three', true]]);
    answers.get('one')!.resolve(stored(entry('one')));
    answers.get('two')!.reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).toEqual(['one']);
    expect(outbox.entries().map((e) => e.message)).toEqual(['two', 'three', 'file']);
    // Later, from the failed one on.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.slice(6)).toEqual([['two', true], ['three', true]]);
    answers.get('two')!.resolve(stored(entry('two')));
    answers.get('three')!.resolve(stored(entry('three')));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.slice(8)).toEqual([['file', false]]);
    answers.get('file')!.resolve(stored(file));
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).toEqual(['one', 'two', 'three', 'file']);
    expect(outbox.entries()).toEqual([]);
    outbox.stop();
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

  it('gives up a POST under way when woken with the socket joined, and sends it and the rest on the socket at once, as a resend', async () => {
    let socketUp = false;
    const sent: Array<[string, 'post' | 'socket', boolean]> = [];
    const aborted: string[] = [];
    const delivered: string[] = [];
    const outbox = new Outbox({
      storage: memoryStorage(),
      random: () => 1,
      pipelines: () => socketUp,
      send: (e, resend) => {
        if (socketUp) {
          sent.push([e.message, 'socket', resend]);
          return { answer: Promise.resolve(stored(e)), pipelined: true };
        }
        sent.push([e.message, 'post', resend]);
        // A POST begun in an outage: no answer until TCP's own retries get through.
        let fail: (error: unknown) => void = () => undefined;
        const answer = new Promise<ChatMessage>((_, reject) => (fail = reject));
        return { answer, pipelined: false, abort: () => (aborted.push(e.message), fail(new DOMException('Aborted', 'AbortError'))) };
      },
      describe: () => 'refused',
      onStored: (message) => delivered.push(message.message),
    });
    outbox.add(entry('one'));
    outbox.add(entry('two'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['one', 'post', false]]);
    // Woken with no faster way: the POST is left to finish.
    outbox.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted).toEqual([]);
    // The socket is back and the chat joined on it.
    socketUp = true;
    outbox.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted).toEqual(['one']);
    expect(sent.slice(1)).toEqual([['one', 'socket', true], ['two', 'socket', false]]);
    expect(delivered).toEqual(['one', 'two']);
    expect(outbox.entries()).toEqual([]);
    outbox.stop();
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

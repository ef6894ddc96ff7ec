import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { createQueryClient } from '@/lib/query-client';
import { applyNewMessage, insertMessage } from './chat-cache';
import { chatMessagesQueryKey } from '../api/get-chat-messages';

const sessionId = '0190f0a0-0000-7000-8000-0000000000aa';
const key = chatMessagesQueryKey(sessionId);

/** A message whose id ends in `suffix` (two hex digits); ids sort by suffix. */
const message = (suffix: string, text = `message ${suffix}`): ChatMessage => ({
  id: `0190f0a0-0000-7000-8000-0000000000${suffix}`,
  sessionId,
  senderType: 'user',
  message: text,
  createdAt: '2026-03-03T10:00:00Z',
  attachment: null,
});

const ids = (list: ChatMessage[] | undefined) => list?.map((m) => m.id.slice(-2));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('insertMessage', () => {
  it('appends a newer message', () => {
    expect(ids(insertMessage([message('a1'), message('a2')], message('a3')))).toEqual(['a1', 'a2', 'a3']);
    expect(ids(insertMessage([], message('a1')))).toEqual(['a1']);
  });

  it('keeps the server order (by id) for a message that arrives late', () => {
    const list = [message('a1'), message('a3'), message('b0')];
    expect(ids(insertMessage(list, message('a2')))).toEqual(['a1', 'a2', 'a3', 'b0']);
    expect(ids(insertMessage(list, message('0f')))).toEqual(['0f', 'a1', 'a3', 'b0']);
    // Hex digits sort after decimal ones, as the bytes do.
    expect(ids(insertMessage([message('09'), message('0b')], message('0a')))).toEqual(['09', '0a', '0b']);
    expect(ids(list)).toEqual(['a1', 'a3', 'b0']);
  });

  it('returns the same list when the id is already there', () => {
    const list = [message('a1'), message('a2')];
    expect(insertMessage(list, message('a1', 'the same message, seen twice'))).toBe(list);
    expect(insertMessage(list, message('a2'))).toBe(list);
  });
});

describe('applyNewMessage', () => {
  it('adds the message to the cached list', () => {
    const client = createQueryClient();
    client.setQueryData(key, [message('a1')]);
    applyNewMessage(client, message('a2'));
    applyNewMessage(client, message('a3'));
    expect(ids(client.getQueryData(key))).toEqual(['a1', 'a2', 'a3']);
  });

  it('leaves the cache untouched for a message it already holds (the sender refetched after sending)', () => {
    const client = createQueryClient();
    const list = [message('a1'), message('a2')];
    client.setQueryData(key, list);
    const before = client.getQueryState(key)!.dataUpdatedAt;
    let notified = 0;
    const unsubscribe = client.getQueryCache().subscribe(() => {
      notified += 1;
    });
    applyNewMessage(client, message('a2'));
    unsubscribe();
    expect(client.getQueryData(key)).toBe(list);
    expect(client.getQueryState(key)!.dataUpdatedAt).toBe(before);
    expect(notified).toBe(0);
  });

  it('does nothing when the list is not cached', () => {
    const client = createQueryClient();
    applyNewMessage(client, message('a1'));
    expect(client.getQueryData(key)).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: key })).toBeUndefined();
    // Another chat's list is not touched either.
    client.setQueryData(key, [message('a1')]);
    applyNewMessage(client, { ...message('a2'), sessionId: '0190f0a0-0000-7000-8000-0000000000bb' });
    expect(ids(client.getQueryData(key))).toEqual(['a1']);
  });

  it('keeps a message that arrives while a refetch read before it was stored', async () => {
    const client = createQueryClient();
    client.setQueryData(key, [message('a1')]);
    const answer = deferred<ChatMessage[]>();
    const refetch = client.fetchQuery({ queryKey: key, queryFn: () => answer.promise, staleTime: 0 });
    applyNewMessage(client, message('a3'));
    expect(ids(client.getQueryData(key))).toEqual(['a1', 'a3']);
    // The server's answer holds a message this client had missed, but not a3.
    answer.resolve([message('a1'), message('a2')]);
    await refetch;
    expect(ids(client.getQueryData(key))).toEqual(['a1', 'a2', 'a3']);
  });

  it('keeps a message that arrives while the first load is on its way', async () => {
    const client = createQueryClient();
    const answer = deferred<ChatMessage[]>();
    const load = client.fetchQuery({ queryKey: key, queryFn: () => answer.promise });
    applyNewMessage(client, message('a2'));
    expect(client.getQueryData(key)).toBeUndefined();
    answer.resolve([message('a1')]);
    await load;
    expect(ids(client.getQueryData(key))).toEqual(['a1', 'a2']);
  });

  it('ignores a fetch that is cancelled', async () => {
    const client = createQueryClient();
    client.setQueryData(key, [message('a1')]);
    const refetch = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<ChatMessage[]>(() => {}), staleTime: 0 });
    applyNewMessage(client, message('a2'));
    await client.cancelQueries({ queryKey: key });
    await refetch;
    expect(ids(client.getQueryData(key))).toEqual(['a1', 'a2']);
  });
});

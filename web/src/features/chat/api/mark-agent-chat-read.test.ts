import { afterEach, describe, expect, it, vi } from 'vitest';
import { markAgentChatRead, readHereJustNow } from './mark-agent-chat-read';

describe('readHereJustNow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('knows this page asked to mark a chat read in the last 3 s, from the moment it asked', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    expect(readHereJustNow('chat-1')).toBe(false);
    void markAgentChatRead('chat-1');
    // The update may come before the answer.
    expect(readHereJustNow('chat-1')).toBe(true);
    expect(readHereJustNow('chat-2')).toBe(false);
    expect(readHereJustNow('chat-1', Date.now() + 3_000)).toBe(false);
  });
});

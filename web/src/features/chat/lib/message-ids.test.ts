import { describe, expect, it } from 'vitest';
import { MessageIds } from './message-ids';

describe('MessageIds', () => {
  it('gives a retry of the same text the same id, and a new message a new one', () => {
    let n = 0;
    const ids = new MessageIds(() => `id-${++n}`);
    const first = ids.forText('Hello');
    expect(ids.forText('Hello')).toBe(first);
    expect(ids.forText('Hello, again')).not.toBe(first);
    const edited = ids.forText('Hello, again');
    ids.sent();
    expect(ids.forText('Hello, again')).not.toBe(edited);
  });

  it('sends no id where the browser has no random UUIDs', () => {
    expect(new MessageIds(() => undefined).forText('Hello')).toBeUndefined();
  });
});

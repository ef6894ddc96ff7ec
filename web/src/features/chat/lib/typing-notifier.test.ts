import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypingNotifier } from './typing-notifier';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TypingNotifier', () => {
  it('sends typing once per burst, repeats while typing goes on, and stops after 3 s idle', () => {
    const sent: boolean[] = [];
    const notifier = new TypingNotifier({ send: (t) => sent.push(t), now: () => Date.now() });
    notifier.input();
    vi.advanceTimersByTime(500);
    notifier.input();
    vi.advanceTimersByTime(500);
    notifier.input();
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1_600);
    notifier.input(); // 2.6 s after the first frame: refresh the other side's indicator
    expect(sent).toEqual([true, true]);
    vi.advanceTimersByTime(2_999);
    expect(sent).toEqual([true, true]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true, true, false]);
  });

  it('stop sends false only when typing was announced', () => {
    const sent: boolean[] = [];
    const notifier = new TypingNotifier({ send: (t) => sent.push(t) });
    notifier.stop();
    expect(sent).toEqual([]);
    notifier.input();
    notifier.stop();
    notifier.stop();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([true, false]);
    notifier.input();
    expect(sent).toEqual([true, false, true]);
  });

  it('a send sends no frame (the message hides the indicator) and the next keystroke announces typing again', () => {
    const sent: boolean[] = [];
    const notifier = new TypingNotifier({ send: (t) => sent.push(t) });
    notifier.input();
    notifier.sent();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([true]);
    notifier.input();
    expect(sent).toEqual([true, true]);
    notifier.stop();
    expect(sent).toEqual([true, true, false]);
  });
});

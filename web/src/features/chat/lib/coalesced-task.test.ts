import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoalescedTask } from './coalesced-task';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A task whose runs finish when the test says so. */
function controlledTask() {
  const finishers: Array<() => void> = [];
  const run = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finishers.push(resolve);
      }),
  );
  const finish = async () => {
    finishers.shift()?.();
    // Let the task's promise chain settle.
    await vi.advanceTimersByTimeAsync(0);
  };
  return { run, finish };
}

describe('CoalescedTask', () => {
  it('runs the first request at once', () => {
    const { run } = controlledTask();
    new CoalescedTask(run).request();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('turns a burst into one run now and one after the interval', async () => {
    const { run, finish } = controlledTask();
    const task = new CoalescedTask(run, { intervalMs: 500 });
    for (let i = 0; i < 50; i += 1) task.request();
    expect(run).toHaveBeenCalledTimes(1);
    await finish();
    for (let i = 0; i < 50; i += 1) task.request();
    await vi.advanceTimersByTimeAsync(499);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never runs twice at once: requests during a slow run wait for it', async () => {
    const { run, finish } = controlledTask();
    const task = new CoalescedTask(run, { intervalMs: 500 });
    task.request();
    task.request();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(1);
    await finish();
    // The interval has long passed: the waiting request runs as soon as the first run ends.
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a request after a quiet spell runs at once', async () => {
    const { run, finish } = controlledTask();
    const task = new CoalescedTask(run, { intervalMs: 500 });
    task.request();
    await finish();
    await vi.advanceTimersByTimeAsync(600);
    task.request();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a failed or throwing run', async () => {
    let calls = 0;
    const task = new CoalescedTask(
      () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return Promise.reject(new Error('boom'));
      },
      { intervalMs: 500 },
    );
    task.request();
    await vi.advanceTimersByTimeAsync(0);
    task.request();
    await vi.advanceTimersByTimeAsync(500);
    task.request();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(3);
  });

  it('dispose drops the pending run and ignores later requests', async () => {
    const { run, finish } = controlledTask();
    const task = new CoalescedTask(run, { intervalMs: 500 });
    task.request();
    task.request();
    task.dispose();
    await finish();
    task.request();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

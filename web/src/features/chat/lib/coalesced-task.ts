// Turns a burst of "something changed, reload" signals into a few reloads: the
// agent console's inbox gets an `inbox_update` frame for every message in every
// chat, and each one must not cost a GET of the whole inbox.

export interface CoalescedTaskOptions {
  /** Minimum time from the start of one run to the start of the next. */
  intervalMs?: number;
  now?: () => number;
}

/**
 * Runs `task` when asked, never two runs at once and runs at least
 * `intervalMs` apart. The first request runs at once; requests made while a
 * run is in flight or too recent become one more run afterwards.
 */
export class CoalescedTask {
  private readonly task: () => unknown;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private requested = false;
  private running = false;
  private disposed = false;
  private lastStart = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(task: () => unknown, { intervalMs = 500, now = Date.now }: CoalescedTaskOptions = {}) {
    this.task = task;
    this.intervalMs = intervalMs;
    this.now = now;
  }

  /** Asks for a run; returns at once. */
  request(): void {
    if (this.disposed) return;
    this.requested = true;
    this.pump();
  }

  /** Drops a pending run; later requests are ignored. */
  dispose(): void {
    this.disposed = true;
    this.requested = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (!this.requested || this.running || this.timer || this.disposed) return;
    const wait = this.lastStart + this.intervalMs - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    this.requested = false;
    this.running = true;
    this.lastStart = this.now();
    // The executor runs the task now and turns a throw into a rejection; a
    // failed run shows in what it loads, and the next request runs it again.
    void new Promise((resolve) => resolve(this.task()))
      .catch(() => undefined)
      .finally(() => {
        this.running = false;
        this.pump();
      });
  }
}

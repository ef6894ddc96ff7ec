// Turns keystrokes into typing frames: isTyping true when typing starts (and
// again every few seconds while it goes on, so the other side's 5 s timeout
// does not hide the indicator), false after 3 s without a keystroke or when
// the box is emptied. A send sends no frame: the message's own frame hides
// the indicator on the other side (and its 5 s timeout, should the message
// wait in the outbox).

export interface TypingNotifierOptions {
  send: (isTyping: boolean) => void;
  /** Silence after which "stopped typing" is sent. */
  idleMs?: number;
  /** Minimum gap between two "typing" frames. */
  repeatMs?: number;
  now?: () => number;
}

export class TypingNotifier {
  private readonly send: (isTyping: boolean) => void;
  private readonly idleMs: number;
  private readonly repeatMs: number;
  private readonly now: () => number;
  private typing = false;
  private lastSentAt = -Infinity;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor({ send, idleMs = 3000, repeatMs = 2500, now = Date.now }: TypingNotifierOptions) {
    this.send = send;
    this.idleMs = idleMs;
    this.repeatMs = repeatMs;
    this.now = now;
  }

  /** Call on every keystroke that changes the text. */
  input(): void {
    const now = this.now();
    if (!this.typing || now - this.lastSentAt >= this.repeatMs) {
      this.typing = true;
      this.lastSentAt = now;
      this.send(true);
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop(), this.idleMs);
  }

  /** Call on send: the message itself tells the other side, so no frame. */
  sent(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.typing = false;
    this.lastSentAt = -Infinity;
  }

  /** Call when the box is emptied, and on unmount. */
  stop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.typing) return;
    this.typing = false;
    this.lastSentAt = -Infinity;
    this.send(false);
  }
}

// The id a chat send carries: the same on every retry of the same text, so a
// send whose answer was lost (a dropped connection, a 503 during a restart)
// can be sent again and is stored once — the server answers a repeated
// `clientMessageId` within 2 minutes with the message it stored first.

export class MessageIds {
  private pending: { text: string; id: string } | null = null;

  constructor(private readonly newId: () => string | undefined = randomId) {}

  /** The id for sending `text`: the last attempt's when it is the same text. */
  forText(text: string): string | undefined {
    if (this.pending?.text !== text) {
      const id = this.newId();
      this.pending = id ? { text, id } : null;
    }
    return this.pending?.id;
  }

  /** The message was stored: the next text is a new message. */
  sent(): void {
    this.pending = null;
  }
}

/** A random UUID where the browser offers one (secure contexts only). */
function randomId(): string | undefined {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : undefined;
}

// Bytes on the wire, two ways: a page's network log through the Chrome
// DevTools Protocol (each HTTP request and each WebSocket frame, named), and
// a TCP relay in front of the gateway that counts every byte its
// connections carry (what CDP cannot show: WebSocket pings and pongs).

import net from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';

/** One thing the page sent or received, with its size on the wire. */
export type WireItem = { at: number; what: string; bytes: number };

/**
 * A WebSocket frame's size on the wire: its payload plus the header RFC 6455
 * gives it (2 bytes, +2 or +8 for a longer payload, +4 for the mask every
 * client→server frame carries). Assumes no extension (the gateway
 * negotiates none; `WireLog` checks).
 */
export function frameBytes(payloadBytes: number, fromClient: boolean): number {
  const length = payloadBytes < 126 ? 0 : payloadBytes < 65_536 ? 2 : 8;
  return 2 + length + (fromClient ? 4 : 0) + payloadBytes;
}

/** An HTTP/1.1 request head as sent: request line, each header line, blank line. */
function requestHeadBytes(method: string, url: string, headers: Record<string, string>): number {
  const { pathname, search } = new URL(url);
  let size = Buffer.byteLength(`${method} ${pathname}${search} HTTP/1.1\r\n`);
  for (const [name, value] of Object.entries(headers)) size += Buffer.byteLength(`${name}: ${value}\r\n`);
  return size + 2;
}

type Request = { method: string; url: string; body: number };

/**
 * A page's traffic as CDP reports it. HTTP: the request's head (rebuilt from
 * the raw headers the network stack sent) and body, and the response's
 * `encodedDataLength` (head and body as received, compressed as served).
 * WebSocket: each data frame's payload plus its header. Items are added as
 * they finish, stamped with the time they were seen.
 */
export class WireLog {
  readonly items: WireItem[] = [];
  /** Each `Sec-WebSocket-Extensions` the server answered (none expected). */
  readonly extensions: string[] = [];
  private readonly requests = new Map<string, Request>();
  private readonly heads = new Map<string, Record<string, string>>();

  private constructor(readonly name: string) {}

  static async attach(context: BrowserContext, page: Page, name: string): Promise<WireLog> {
    const log = new WireLog(name);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event) => {
      const { method, url, postData, postDataEntries } = event.request;
      const body =
        postData !== undefined
          ? Buffer.byteLength(postData)
          : (postDataEntries ?? []).reduce((total, entry) => total + Buffer.from(entry.bytes ?? '', 'base64').length, 0);
      log.requests.set(event.requestId, { method, url, body });
    });
    // The headers as sent (cookies, Host and Connection included); this may come before or after the above.
    cdp.on('Network.requestWillBeSentExtraInfo', (event) => log.heads.set(event.requestId, event.headers as Record<string, string>));
    const finished = (requestId: string, answer: number) => {
      const request = log.requests.get(requestId);
      if (!request || request.url.startsWith('data:')) return;
      const head = log.heads.get(requestId);
      const path = new URL(request.url).pathname;
      const at = Date.now();
      log.items.push({ at, what: `${request.method} ${path} (request)`, bytes: (head ? requestHeadBytes(request.method, request.url, head) : 0) + request.body });
      if (answer > 0) log.items.push({ at, what: `${request.method} ${path} (answer)`, bytes: answer });
    };
    cdp.on('Network.loadingFinished', (event) => finished(event.requestId, event.encodedDataLength));
    cdp.on('Network.loadingFailed', (event) => finished(event.requestId, 0));
    cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
      for (const [name, value] of Object.entries(event.response.headers)) {
        if (name.toLowerCase() === 'sec-websocket-extensions') log.extensions.push(value);
      }
    });
    const frame = (sent: boolean) => (event: { response: { opcode: number; payloadData: string } }) => {
      const { opcode, payloadData } = event.response;
      const payload = opcode === 1 ? Buffer.byteLength(payloadData) : Buffer.from(payloadData, 'base64').length;
      const type = opcode === 1 ? (/"type":"([a-z_]+)"/.exec(payloadData)?.[1] ?? 'text') : `opcode ${opcode}`;
      log.items.push({ at: Date.now(), what: `ws ${sent ? '→' : '←'} ${type}`, bytes: frameBytes(payload, sent) });
    };
    cdp.on('Network.webSocketFrameSent', frame(true));
    cdp.on('Network.webSocketFrameReceived', frame(false));
    return log;
  }

  /** The items seen at or after `from` (a `Date.now()`). */
  since(from: number): WireItem[] {
    return this.items.filter((item) => item.at >= from);
  }

  /** When the last item was seen, or 0. */
  lastAt(): number {
    return this.items.at(-1)?.at ?? 0;
  }
}

/** Waits until none of `logs` has seen anything for `quietMs` (at most `limitMs`). */
export async function untilQuiet(logs: WireLog[], quietMs = 1_500, limitMs = 15_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const last = Math.max(started, ...logs.map((log) => log.lastAt()));
    if (Date.now() - last >= quietMs) return;
    if (Date.now() - started > limitMs) throw new Error(`still busy after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function sum(items: WireItem[]): number {
  return items.reduce((total, item) => total + item.bytes, 0);
}

/** "12 ws ← new_message 341, …": one line per item, for the test's output. */
export function breakdown(items: WireItem[]): string {
  return items.map((item) => `  ${String(item.bytes).padStart(6)}  ${item.what}`).join('\n');
}

type Chunk = { at: number; connection: number; up: number; down: number };

/**
 * A TCP relay on 127.0.0.1 in front of `target` (the gateway): every byte
 * each way is counted, per connection, with when it passed. What goes
 * through it is what the browser's network stack put on the wire above TCP:
 * HTTP heads and bodies, WebSocket frames, pings and pongs included.
 */
export async function startRelay(target: string) {
  const { hostname, port } = new URL(target);
  const chunks: Chunk[] = [];
  /** Each connection's first line (its request line), to tell the socket's from the rest. */
  const firstLines: string[] = [];
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const connection = firstLines.length;
    firstLines.push('');
    const upstream = net.connect(Number(port), hostname);
    open.add(client).add(upstream);
    client.on('data', (data) => {
      if (!firstLines[connection]) firstLines[connection] = data.toString('latin1').split('\r\n', 1)[0];
      chunks.push({ at: Date.now(), connection, up: data.length, down: 0 });
      upstream.write(data);
    });
    upstream.on('data', (data) => {
      chunks.push({ at: Date.now(), connection, up: 0, down: data.length });
      client.write(data);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Bytes each way between `from` and `to`, per connection, named by its first line. */
    between(from: number, to: number) {
      const byConnection = new Map<number, { what: string; up: number; down: number }>();
      for (const chunk of chunks) {
        if (chunk.at < from || chunk.at >= to) continue;
        const entry = byConnection.get(chunk.connection) ?? { what: firstLines[chunk.connection], up: 0, down: 0 };
        entry.up += chunk.up;
        entry.down += chunk.down;
        byConnection.set(chunk.connection, entry);
      }
      return [...byConnection.values()];
    },
    /** Every chunk on connections whose first line matches, between `from` and `to`. */
    chunks(match: RegExp, from: number, to: number): Chunk[] {
      return chunks.filter((chunk) => chunk.at >= from && chunk.at < to && match.test(firstLines[chunk.connection]));
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

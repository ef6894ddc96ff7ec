// One visitor's chat, shared by the k6 scenarios that drive visitors
// (chat.js, soak.js): start a chat, hold a socket joined to it, send
// messages at a steady pace and time each one from just before its POST to
// its `new_message` event on the socket.
import http from 'k6/http';
import { check } from 'k6';
import { WebSocket } from 'k6/experimental/websockets';

export const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** The `Cookie` header of this VU's session on `baseUrl` ('' before it has one). */
export function sessionCookie(baseUrl) {
  const jar = http.cookieJar().cookiesForURL(baseUrl);
  return jar['nyota.sid'] ? `nyota.sid=${jar['nyota.sid'][0]}` : '';
}

/**
 * Starts a chat as `visitor` ({ name, email, pageUrl }), joins it on a
 * socket and sends `messages` texts "`prefix` token", `everyMs` apart (with
 * a typing frame before each when `typing`), then closes the socket.
 * `on` is told: started(), socketOpened(), sent(accepted), delivered(ms).
 */
export function visitChat({ baseUrl, visitor, prefix, messages, everyMs, typing = false, on }) {
  const start = http.post(
    `${baseUrl}/api/chat/sessions`,
    JSON.stringify({ visitorName: visitor.name, visitorEmail: visitor.email, pageUrl: visitor.pageUrl }),
    { headers: JSON_HEADERS },
  );
  if (!check(start, { 'chat started': (r) => r.status === 201 })) return;
  on.started?.();
  const chatId = start.json('sessionId');
  const pending = {};
  let sent = 0;
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/ws', null, {
    headers: { Cookie: sessionCookie(baseUrl) },
  });
  ws.onopen = () => {
    on.socketOpened?.();
    ws.send(JSON.stringify({ type: 'join_session', sessionId: chatId }));
  };
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === 'session_joined') {
      const timer = setInterval(() => {
        if (sent >= messages) {
          clearInterval(timer);
          // Give the last events a moment, then close this chat.
          setTimeout(() => ws.close(), 1000);
          return;
        }
        const token = `${__VU}-${__ITER}-${sent++}`;
        pending[token] = Date.now();
        if (typing) ws.send(JSON.stringify({ type: 'typing', sessionId: chatId, isTyping: true }));
        const res = http.post(
          `${baseUrl}/api/chat/sessions/${chatId}/messages`,
          JSON.stringify({ message: `${prefix} ${token}` }),
          { headers: JSON_HEADERS },
        );
        on.sent?.(check(res, { 'message accepted': (r) => r.status === 201 }));
      }, everyMs);
    } else if (frame.type === 'new_message' && frame.message.senderType === 'user') {
      const token = frame.message.message.slice(`${prefix} `.length);
      if (pending[token] !== undefined) {
        on.delivered?.(Date.now() - pending[token]);
        delete pending[token];
      }
    }
  };
  ws.onerror = (e) => console.error(`${prefix} socket error: ${e.error}`);
}

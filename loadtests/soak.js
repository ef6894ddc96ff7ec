// Soak: chat traffic at a moderate rate for a long time, with sockets opening
// and closing all the while, so that loadtests/soak_sampler.py can watch the
// servers' memory and file descriptors.
//
// `chatters` VUs each loop: start a chat (a fresh browser: k6 resets the
// cookie jar per iteration), open a socket, join, send MESSAGES_PER_CHAT
// messages MESSAGE_EVERY_MS apart, close. With the defaults that is 50
// messages/s over 50 live chats and a new chat and socket every 0.4 s.
// `churn` opens CHURN_PER_S short-lived anonymous sockets a second that ask
// to join a chat that does not exist (the refused-join path) and send a
// malformed frame before closing.
//
//   loadtests/run soak DURATION
//
// Options (-e): DURATION=600 (seconds) CHATTERS=50 MESSAGE_EVERY_MS=1000
// MESSAGES_PER_CHAT=20 CHURN_PER_S=2.
import http from 'k6/http';
import { check } from 'k6';
import { WebSocket } from 'k6/experimental/websockets';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
const DURATION = Number(__ENV.DURATION || 600);
const CHATTERS = Number(__ENV.CHATTERS || 50);
const MESSAGE_EVERY_MS = Number(__ENV.MESSAGE_EVERY_MS || 1000);
const MESSAGES_PER_CHAT = Number(__ENV.MESSAGES_PER_CHAT || 20);
const CHURN_PER_S = Number(__ENV.CHURN_PER_S || 2);
const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

const delivery = new Trend('chat_delivery_ms', true);
const delivered = new Counter('chat_messages_delivered');
const accepted = new Counter('chat_messages_accepted');
const refused = new Counter('chat_messages_refused');
const chatsStarted = new Counter('chat_sessions_started');
const socketsOpened = new Counter('chat_sockets_opened');
const churned = new Counter('chat_sockets_churned');

export const options = {
  scenarios: {
    chatters: {
      executor: 'constant-vus',
      exec: 'chatter',
      vus: CHATTERS,
      duration: `${DURATION}s`,
      gracefulStop: `${Math.ceil((MESSAGES_PER_CHAT * MESSAGE_EVERY_MS) / 1000) + 10}s`,
    },
    churn: {
      executor: 'constant-arrival-rate',
      exec: 'churn',
      rate: Math.round(CHURN_PER_S * 10),
      timeUnit: '10s',
      duration: `${DURATION}s`,
      preAllocatedVUs: 10,
      maxVUs: 50,
    },
  },
  // No thresholds: the verdict is the sampler's (memory and fds).
  summaryTrendStats: ['min', 'med', 'p(95)', 'p(99)', 'max'],
};

function sessionCookie() {
  const jar = http.cookieJar().cookiesForURL(BASE_URL);
  return jar['nyota.sid'] ? `nyota.sid=${jar['nyota.sid'][0]}` : '';
}

/// One chat from start to close (the chat.js visitor, bounded).
export function chatter() {
  const start = http.post(
    `${BASE_URL}/api/chat/sessions`,
    JSON.stringify({ visitorName: `Soak ${__VU}`, visitorEmail: `soak${__VU}@example.com`, pageUrl: '/soak' }),
    { headers: JSON_HEADERS },
  );
  if (!check(start, { 'chat started': (r) => r.status === 201 })) return;
  chatsStarted.add(1);
  const chatId = start.json('sessionId');
  const pending = {};
  let sent = 0;
  const ws = new WebSocket(WS_URL, null, { headers: { Cookie: sessionCookie() } });
  ws.onopen = () => {
    socketsOpened.add(1);
    ws.send(JSON.stringify({ type: 'join_session', sessionId: chatId }));
  };
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === 'session_joined') {
      const timer = setInterval(() => {
        if (sent >= MESSAGES_PER_CHAT) {
          clearInterval(timer);
          setTimeout(() => ws.close(), 1000);
          return;
        }
        const token = `${__VU}-${__ITER}-${sent++}`;
        pending[token] = Date.now();
        ws.send(JSON.stringify({ type: 'typing', sessionId: chatId, isTyping: true }));
        const res = http.post(
          `${BASE_URL}/api/chat/sessions/${chatId}/messages`,
          JSON.stringify({ message: `soak ${token}` }),
          { headers: JSON_HEADERS },
        );
        if (check(res, { 'message accepted': (r) => r.status === 201 })) {
          accepted.add(1);
        } else {
          refused.add(1);
        }
      }, MESSAGE_EVERY_MS);
    } else if (frame.type === 'new_message' && frame.message.message.startsWith('soak ')) {
      const token = frame.message.message.slice('soak '.length);
      if (pending[token] !== undefined) {
        delivery.add(Date.now() - pending[token]);
        delivered.add(1);
        delete pending[token];
      }
    }
  };
  ws.onerror = (e) => console.error(`soak socket error: ${e.error}`);
}

/// A socket that opens, is refused a join and sends garbage, then closes.
export function churn() {
  const ws = new WebSocket(WS_URL);
  ws.onopen = () => {
    churned.add(1);
    ws.send(JSON.stringify({ type: 'join_session', sessionId: '00000000-0000-7000-8000-000000000000' }));
    ws.send('{"type":"typing"');
    setTimeout(() => ws.close(), 500);
  };
  ws.onerror = (e) => console.error(`churn socket error: ${e.error}`);
}

export function handleSummary(data) {
  const metric = (name) => (data.metrics[name] ? data.metrics[name].values : {});
  const count = (name) => metric(name).count || 0;
  const d = metric('chat_delivery_ms');
  const fixed = (v) => (v === undefined ? 'n/a' : v.toFixed(1));
  const lines = [
    `soak traffic: ${DURATION} s, ${CHATTERS} chatters (one message per ${MESSAGE_EVERY_MS} ms each, ` +
      `${MESSAGES_PER_CHAT} per chat), ${CHURN_PER_S} churn sockets/s`,
    `chats started: ${count('chat_sessions_started')}, chat sockets opened: ${count('chat_sockets_opened')}, ` +
      `churn sockets: ${count('chat_sockets_churned')}`,
    `messages accepted: ${count('chat_messages_accepted')}, refused: ${count('chat_messages_refused')}, ` +
      `delivered on sockets: ${count('chat_messages_delivered')}`,
    `delivery ms: p50 ${fixed(d.med)}  p95 ${fixed(d['p(95)'])}  p99 ${fixed(d['p(99)'])}  max ${fixed(d.max)}`,
  ];
  return { stdout: lines.join('\n') + '\n' };
}

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
import { WebSocket } from 'k6/experimental/websockets';
import { Counter, Trend } from 'k6/metrics';
import { visitChat } from './visitor.js';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
const DURATION = Number(__ENV.DURATION || 600);
const CHATTERS = Number(__ENV.CHATTERS || 50);
const MESSAGE_EVERY_MS = Number(__ENV.MESSAGE_EVERY_MS || 1000);
const MESSAGES_PER_CHAT = Number(__ENV.MESSAGES_PER_CHAT || 20);
const CHURN_PER_S = Number(__ENV.CHURN_PER_S || 2);

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

/// One chat from start to close (the chat.js visitor, bounded).
export function chatter() {
  visitChat({
    baseUrl: BASE_URL,
    visitor: { name: `Soak ${__VU}`, email: `soak${__VU}@example.com`, pageUrl: '/soak' },
    prefix: 'soak',
    messages: MESSAGES_PER_CHAT,
    everyMs: MESSAGE_EVERY_MS,
    typing: true,
    on: {
      started: () => chatsStarted.add(1),
      socketOpened: () => socketsOpened.add(1),
      sent: (ok) => (ok ? accepted : refused).add(1),
      delivered: (ms) => {
        delivery.add(ms);
        delivered.add(1);
      },
    },
  });
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

// Chat at a fixed arrival rate (an open model: messages keep arriving at
// RATE per second however slowly the server answers). SOCKETS visitors each
// start a chat and hold a socket joined to it; after WARMUP seconds, messages
// are posted to those chats, spread evenly, for DURATION seconds.
//
// `chat_delivery_ms`: from just before the POST to the `new_message` frame
// for that message on its visitor's socket (the POST carries its start time
// in the text; both ends read the same clock). `dropped_iterations`: arrivals
// k6 could not start because every VU was busy.
//
//   loadtests/run chat-rate RATE [SOCKETS] [IDLE_SOCKETS]
//
// Options (-e): RATE=300 SOCKETS=200 DURATION=30 WARMUP=10 MAX_VUS=2000.
// With MARKER_URL set, setup() GETs it once the chats exist, so that
// loadtests/cpu_per_message.py can time the steady phase.
import exec from 'k6/execution';
import http from 'k6/http';
import { check } from 'k6';
import { WebSocket } from 'k6/experimental/websockets';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
const RATE = Number(__ENV.RATE || 300);
const SOCKETS = Number(__ENV.SOCKETS || 200);
const DURATION = Number(__ENV.DURATION || 30);
const WARMUP = Number(__ENV.WARMUP || 10);
// After the last arrival: time for the last deliveries before sockets close.
const DRAIN = 10;
const MAX_VUS = Number(__ENV.MAX_VUS || 2000);
const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const PREFIX = 'rate ';

const delivery = new Trend('chat_delivery_ms', true);
const delivered = new Counter('chat_messages_delivered');
const accepted = new Counter('chat_messages_accepted');
const refused = new Counter('chat_messages_refused');
const socketsJoined = new Counter('chat_sockets_joined');

export const options = {
  setupTimeout: '600s',
  scenarios: {
    sockets: {
      executor: 'per-vu-iterations',
      exec: 'holdSocket',
      vus: SOCKETS,
      iterations: 1,
      maxDuration: `${WARMUP + DURATION + DRAIN + 30}s`,
    },
    send: {
      executor: 'constant-arrival-rate',
      exec: 'send',
      rate: RATE,
      timeUnit: '1s',
      duration: `${DURATION}s`,
      startTime: `${WARMUP}s`,
      preAllocatedVUs: Math.min(MAX_VUS, Math.max(50, Math.ceil(RATE / 10))),
      maxVUs: MAX_VUS,
    },
  },
  // No thresholds: a run at a rate the machine cannot hold is a result too.
  summaryTrendStats: ['min', 'med', 'p(95)', 'p(99)', 'max'],
};

/// Starts SOCKETS chats, each from its own browser (cookie jar).
export function setup() {
  const chats = [];
  for (let n = 0; n < SOCKETS; n++) {
    const jar = new http.CookieJar();
    const res = http.post(
      `${BASE_URL}/api/chat/sessions`,
      JSON.stringify({ visitorName: `Visitor ${n}`, visitorEmail: `rate${n}@example.com`, pageUrl: '/loadtest' }),
      { headers: JSON_HEADERS, jar },
    );
    if (res.status !== 201) throw new Error(`chat start failed: ${res.status} ${res.body}`);
    const cookie = jar.cookiesForURL(BASE_URL)['nyota.sid'];
    if (!cookie) throw new Error('no session cookie after starting a chat');
    chats.push({ id: res.json('sessionId'), cookie: cookie[0] });
  }
  if (__ENV.MARKER_URL) http.get(__ENV.MARKER_URL);
  return { chats };
}

export function holdSocket(data) {
  const chat = data.chats[exec.scenario.iterationInTest % data.chats.length];
  const ws = new WebSocket(WS_URL, null, { headers: { Cookie: `nyota.sid=${chat.cookie}` } });
  ws.onopen = () => ws.send(JSON.stringify({ type: 'join_session', sessionId: chat.id }));
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === 'session_joined') {
      socketsJoined.add(1);
    } else if (frame.type === 'new_message' && frame.message.message.startsWith(PREFIX)) {
      const sentAt = Number(frame.message.message.slice(PREFIX.length).split(' ')[0]);
      delivery.add(Date.now() - sentAt);
      delivered.add(1);
    }
  };
  ws.onerror = (e) => console.error(`socket error: ${e.error}`);
  setTimeout(() => ws.close(), (WARMUP + DURATION + DRAIN) * 1000);
}

export function send(data) {
  const n = exec.scenario.iterationInTest;
  const chat = data.chats[n % data.chats.length];
  const sentAt = Date.now();
  const res = http.post(
    `${BASE_URL}/api/chat/sessions/${chat.id}/messages`,
    JSON.stringify({ message: `${PREFIX}${sentAt} ${n}` }),
    { headers: JSON_HEADERS, cookies: { 'nyota.sid': { value: chat.cookie, replace: true } } },
  );
  if (check(res, { 'message accepted': (r) => r.status === 201 })) {
    accepted.add(1);
  } else {
    refused.add(1);
  }
}

export function handleSummary(data) {
  const metric = (name) => (data.metrics[name] ? data.metrics[name].values : {});
  const d = metric('chat_delivery_ms');
  const fixed = (v) => (v === undefined ? 'n/a' : v.toFixed(1));
  const count = (name) => metric(name).count || 0;
  const lines = [
    `offered rate: ${RATE} messages/s for ${DURATION} s over ${SOCKETS} chats`,
    `messages accepted: ${count('chat_messages_accepted')}, refused: ${count('chat_messages_refused')}, ` +
      `delivered on sockets: ${count('chat_messages_delivered')}, dropped arrivals: ${count('dropped_iterations')}`,
    `sockets joined: ${count('chat_sockets_joined')} of ${SOCKETS}`,
    `delivery ms: p50 ${fixed(d.med)}  p95 ${fixed(d['p(95)'])}  p99 ${fixed(d['p(99)'])}  max ${fixed(d.max)}`,
  ];
  const summary = {
    rate: RATE,
    sockets: SOCKETS,
    duration_s: DURATION,
    accepted: count('chat_messages_accepted'),
    refused: count('chat_messages_refused'),
    delivered: count('chat_messages_delivered'),
    dropped: count('dropped_iterations'),
    sockets_joined: count('chat_sockets_joined'),
    delivery_ms: { p50: d.med, p95: d['p(95)'], p99: d['p(99)'], max: d.max },
  };
  const out = { stdout: lines.join('\n') + '\n' };
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(summary);
  return out;
}

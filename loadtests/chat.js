// Live chat under load: visitors start chats, hold a socket on them and send
// messages; agents hold console sockets and answer every chat that waits for
// a reply. The figure that matters is `chat_delivery_ms`: from just before a
// visitor's POST to the `new_message` event for it on the visitor's socket
// (gateway → JetStream → chat worker → Postgres → NATS → gateway → socket).
//
//   loadtests/run chat          (starts ./infra/run, runs this, stops it)
//
// Options: -e VISITORS=50 -e AGENTS=2 -e DURATION=60s -e MESSAGE_EVERY_MS=1000
import http from 'k6/http';
import { check } from 'k6';
import { WebSocket } from 'k6/experimental/websockets';
import { Counter, Trend } from 'k6/metrics';
import { JSON_HEADERS, sessionCookie, visitChat } from './visitor.js';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
const VISITORS = Number(__ENV.VISITORS || 50);
const AGENTS = Number(__ENV.AGENTS || 2);
const DURATION = __ENV.DURATION || '60s';
const MESSAGE_EVERY_MS = Number(__ENV.MESSAGE_EVERY_MS || 1000);
const MESSAGES_PER_CHAT = Number(__ENV.MESSAGES_PER_CHAT || 10);

const delivery = new Trend('chat_delivery_ms', true);
const delivered = new Counter('chat_messages_delivered');
const agentReplies = new Counter('chat_agent_replies');
const socketsOpened = new Counter('chat_sockets_opened');

export const options = {
  scenarios: {
    visitors: { executor: 'constant-vus', exec: 'visitor', vus: VISITORS, duration: DURATION },
    agents: { executor: 'constant-vus', exec: 'agent', vus: AGENTS, duration: DURATION },
  },
  summaryTrendStats: ['min', 'med', 'p(95)', 'p(99)', 'max'],
  thresholds: {
    chat_delivery_ms: ['p(95)<500', 'p(99)<1000'],
    checks: ['rate>0.99'],
  },
};

export function setup() {
  const res = http.post(
    `${BASE_URL}/api/login`,
    JSON.stringify({ email: __ENV.ADMIN_EMAIL, password: __ENV.ADMIN_PASSWORD }),
    { headers: JSON_HEADERS },
  );
  if (res.status !== 200) throw new Error(`agent login failed: ${res.status} ${res.body}`);
  return { agentCookie: sessionCookie(BASE_URL) };
}

export function visitor() {
  visitChat({
    baseUrl: BASE_URL,
    visitor: { name: `Visitor ${__VU}`, email: `vu${__VU}@example.com`, pageUrl: '/loadtest' },
    prefix: 'load',
    messages: MESSAGES_PER_CHAT,
    everyMs: MESSAGE_EVERY_MS,
    on: {
      socketOpened: () => socketsOpened.add(1),
      delivered: (ms) => {
        delivery.add(ms);
        delivered.add(1);
      },
    },
  });
}

export function agent(data) {
  const headers = Object.assign({ Cookie: data.agentCookie }, JSON_HEADERS);
  const ws = new WebSocket(WS_URL, null, { headers: { Cookie: data.agentCookie } });
  ws.onopen = () => {
    socketsOpened.add(1);
    ws.send(JSON.stringify({ type: 'join_agents' }));
    // Stay a console for the rest of the test.
    setTimeout(() => ws.close(), 55000);
  };
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type !== 'inbox_update' || frame.reason !== 'new_message') return;
    // Agents split the chats between them instead of all answering each one.
    if (parseInt(frame.sessionId.slice(-2), 16) % AGENTS !== __VU % AGENTS) return;
    const chat = http.get(`${BASE_URL}/api/agent/chats/${frame.sessionId}`, { headers });
    if (chat.status === 200 && chat.json('awaitingReply')) {
      const res = http.post(
        `${BASE_URL}/api/chat/sessions/${frame.sessionId}/messages`,
        JSON.stringify({ message: 'Thanks, an engineer is looking into it.' }),
        { headers },
      );
      if (check(res, { 'agent reply accepted': (r) => r.status === 201 })) agentReplies.add(1);
    }
  };
}

// Agents at scale: AGENTS console sockets (the admin signed in AGENTS times,
// each socket joined to the agents' topic) watch CHATS open chats while
// visitors post RATE messages a second to them (an open model), spread
// evenly, for DURATION seconds after WARMUP.
//
// `inbox_update_ms`: from just before a visitor's POST to the inbox_update
// for that chat on an agent socket. The first agent socket samples one
// update in SAMPLE: it reads the chat's summary, whose last-message preview
// carries the POST's start time, and takes the difference on the same clock.
//
//   loadtests/run agents
//
// Options (-e): AGENTS=20 CHATS=500 RATE=200 DURATION=30 WARMUP=10 SAMPLE=4.
import exec from 'k6/execution';
import http from 'k6/http';
import { check } from 'k6';
import { WebSocket } from 'k6/experimental/websockets';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
const AGENTS = Number(__ENV.AGENTS || 20);
const CHATS = Number(__ENV.CHATS || 500);
const RATE = Number(__ENV.RATE || 200);
const DURATION = Number(__ENV.DURATION || 30);
const WARMUP = Number(__ENV.WARMUP || 10);
const SAMPLE = Number(__ENV.SAMPLE || 4);
const DRAIN = 10;
const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const PREFIX = 'agents ';

const inboxLatency = new Trend('inbox_update_ms', true);
const updates = new Counter('inbox_updates_received');
const samples = new Counter('inbox_update_samples');
const accepted = new Counter('chat_messages_accepted');
const refused = new Counter('chat_messages_refused');
const consoles = new Counter('agent_consoles_joined');

export const options = {
  setupTimeout: '600s',
  scenarios: {
    consoles: {
      executor: 'per-vu-iterations',
      exec: 'agentConsole',
      vus: AGENTS,
      iterations: 1,
      maxDuration: `${WARMUP + DURATION + DRAIN + 30}s`,
    },
    visitors: {
      executor: 'constant-arrival-rate',
      exec: 'send',
      rate: RATE,
      timeUnit: '1s',
      duration: `${DURATION}s`,
      startTime: `${WARMUP}s`,
      preAllocatedVUs: Math.max(50, Math.ceil(RATE / 5)),
      maxVUs: 1000,
    },
  },
  summaryTrendStats: ['min', 'med', 'p(95)', 'p(99)', 'max'],
};

function cookieOf(jar) {
  const cookie = jar.cookiesForURL(BASE_URL)['nyota.sid'];
  if (!cookie) throw new Error('no session cookie');
  return cookie[0];
}

/// CHATS visitors start chats; the admin signs in AGENTS times.
export function setup() {
  const chats = [];
  for (let n = 0; n < CHATS; n++) {
    const jar = new http.CookieJar();
    const res = http.post(
      `${BASE_URL}/api/chat/sessions`,
      JSON.stringify({ visitorName: `Visitor ${n}`, visitorEmail: `agents${n}@example.com`, pageUrl: '/loadtest' }),
      { headers: JSON_HEADERS, jar },
    );
    if (res.status !== 201) throw new Error(`chat start failed: ${res.status} ${res.body}`);
    chats.push({ id: res.json('sessionId'), cookie: cookieOf(jar) });
  }
  const agents = [];
  for (let n = 0; n < AGENTS; n++) {
    const jar = new http.CookieJar();
    const res = http.post(
      `${BASE_URL}/api/login`,
      JSON.stringify({ email: __ENV.ADMIN_EMAIL, password: __ENV.ADMIN_PASSWORD }),
      { headers: JSON_HEADERS, jar },
    );
    if (res.status !== 200) throw new Error(`agent login failed: ${res.status} ${res.body}`);
    agents.push(cookieOf(jar));
  }
  if (__ENV.MARKER_URL) http.get(__ENV.MARKER_URL);
  return { chats, agents };
}

export function agentConsole(data) {
  const index = exec.scenario.iterationInTest;
  const cookie = data.agents[index % data.agents.length];
  const sampler = index === 0;
  let seen = 0;
  const ws = new WebSocket(WS_URL, null, { headers: { Cookie: `nyota.sid=${cookie}` } });
  ws.onopen = () => ws.send(JSON.stringify({ type: 'join_agents' }));
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === 'agents_joined') consoles.add(1);
    if (frame.type !== 'inbox_update' || frame.reason !== 'new_message') return;
    updates.add(1);
    seen += 1;
    if (!sampler || seen % SAMPLE !== 0) return;
    const arrived = Date.now();
    http
      .asyncRequest('GET', `${BASE_URL}/api/agent/chats/${frame.sessionId}`, null, {
        cookies: { 'nyota.sid': { value: cookie, replace: true } },
      })
      .then((res) => {
        const preview = res.status === 200 ? res.json('lastMessagePreview') : null;
        if (preview && preview.startsWith(PREFIX)) {
          inboxLatency.add(arrived - Number(preview.slice(PREFIX.length).split(' ')[0]));
          samples.add(1);
        }
      });
  };
  ws.onerror = (e) => console.error(`socket error: ${e.error}`);
  setTimeout(() => ws.close(), (WARMUP + DURATION + DRAIN) * 1000);
}

export function send(data) {
  const n = exec.scenario.iterationInTest;
  const chat = data.chats[n % data.chats.length];
  const res = http.post(
    `${BASE_URL}/api/chat/sessions/${chat.id}/messages`,
    JSON.stringify({ message: `${PREFIX}${Date.now()} ${n}` }),
    { headers: JSON_HEADERS, cookies: { 'nyota.sid': { value: chat.cookie, replace: true } } },
  );
  if (check(res, { 'message accepted': (r) => r.status === 201 })) accepted.add(1);
  else refused.add(1);
}

export function handleSummary(data) {
  const metric = (name) => (data.metrics[name] ? data.metrics[name].values : {});
  const count = (name) => metric(name).count || 0;
  const l = metric('inbox_update_ms');
  const fixed = (v) => (v === undefined ? 'n/a' : v.toFixed(1));
  const lines = [
    `${AGENTS} agent consoles (${count('agent_consoles_joined')} joined), ${CHATS} open chats, visitors at ${RATE} messages/s for ${DURATION} s`,
    `messages accepted: ${count('chat_messages_accepted')}, refused: ${count('chat_messages_refused')}, ` +
      `dropped arrivals: ${count('dropped_iterations')}, inbox updates received (all consoles): ${count('inbox_updates_received')}`,
    `inbox update ms (${count('inbox_update_samples')} sampled): p50 ${fixed(l.med)}  p95 ${fixed(l['p(95)'])}  p99 ${fixed(l['p(99)'])}  max ${fixed(l.max)}`,
  ];
  const summary = {
    accepted: count('chat_messages_accepted'),
    inbox_update_ms: { p50: l.med, p95: l['p(95)'], p99: l['p(99)'], max: l.max },
  };
  const out = { stdout: lines.join('\n') + '\n' };
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(summary);
  return out;
}

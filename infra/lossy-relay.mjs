// A TCP relay that delays what the client sends: every chunk from the
// client is forwarded to the target DELAY_MS after it arrived, in order
// (as `tc netem delay` on the client's interface would hold its packets).
// The answers go back at once. Used by infra/lossy-link.
//
//   node infra/lossy-relay.mjs LISTEN_HOST LISTEN_PORT TARGET_HOST TARGET_PORT DELAY_MS

import net from 'node:net';

const [listenHost, listenPort, targetHost, targetPort, delayMs] = process.argv.slice(2);
const delay = Number(delayMs);
if (!listenHost || !listenPort || !targetHost || !targetPort || !Number.isFinite(delay)) {
  console.error('usage: lossy-relay.mjs LISTEN_HOST LISTEN_PORT TARGET_HOST TARGET_PORT DELAY_MS');
  process.exit(2);
}

const server = net.createServer((client) => {
  const target = net.connect(Number(targetPort), targetHost);
  // The chunks waiting out their delay, oldest first; one timer at a time keeps the order.
  const queue = [];
  let timer = null;
  let clientEnded = false;
  const pump = () => {
    timer = null;
    const now = Date.now();
    while (queue.length > 0 && queue[0].due <= now) target.write(queue.shift().chunk);
    if (queue.length > 0) timer = setTimeout(pump, queue[0].due - now);
    else if (clientEnded) target.end();
  };
  client.on('data', (chunk) => {
    queue.push({ chunk, due: Date.now() + delay });
    if (!timer) timer = setTimeout(pump, delay);
  });
  client.on('end', () => {
    clientEnded = true;
    if (!timer && queue.length === 0) target.end();
  });
  target.pipe(client);
  const close = () => {
    if (timer) clearTimeout(timer);
    client.destroy();
    target.destroy();
  };
  client.on('error', close);
  target.on('error', close);
  client.on('close', () => target.destroy());
  target.on('close', () => client.destroy());
});

server.listen(Number(listenPort), listenHost, () => {
  console.log(`relay ${listenHost}:${listenPort} -> ${targetHost}:${targetPort}, client data delayed ${delay} ms`);
});

// One verifier process of the fleet benchmark (bench/fleet.mjs), a node:cluster worker: paysig/node
// verifyIncoming over node:http on 127.0.0.1, with its own MemoryNonceStore or a RedisNonceStore on
// the benchmark's redis-server. paysig is imported by package name (the built dist, as an app
// would). Environment: FLEET_PORT, FLEET_STORE ('memory' | 'redis'), FLEET_REDIS_URL,
// FLEET_PREFIX. IPC with the primary: sends { ready: true } once listening; answers 'cpu' with
// process.cpuUsage(); 'exit' closes the server and the Redis client, then exits.
import { createServer } from 'node:http';
import process from 'node:process';
import { httpStatusOf, MemoryNonceStore } from 'paysig';
import { verifyIncoming } from 'paysig/node';
import { RedisNonceStore } from 'paysig/redis';
import { createClient } from 'redis';
import { CONTROL_KEY } from './fixtures.mjs';

const { FLEET_PORT, FLEET_STORE, FLEET_REDIS_URL, FLEET_PREFIX } = process.env;

let client;
let nonceStore;
if (FLEET_STORE === 'redis') {
  client = createClient({ url: FLEET_REDIS_URL });
  client.on('error', (e) => console.error(`fleet worker ${process.pid}: redis: ${e.message}`));
  await client.connect();
  nonceStore = new RedisNonceStore(client, { prefix: FLEET_PREFIX });
  await nonceStore.ready();
} else if (FLEET_STORE === 'memory') {
  // Room for every nonce of a 10 s run at several thousand requests a second (the defaults,
  // 100,000 and 10,000 per consumer, would refuse fresh requests part-way through a long run).
  nonceStore = new MemoryNonceStore({ maxEntries: 1_000_000, maxEntriesPerConsumer: 200_000 });
} else {
  throw new Error(`FLEET_STORE must be memory or redis, not ${FLEET_STORE}`);
}

// Every merchant of the load shares one control key; the nonces are keyed on the consumer key.
const options = { basePath: '/paynet', credentials: () => ({ controlKey: CONTROL_KEY }), nonceStore };

function answer(res, status) {
  const body = status === 200 ? '{"ok":true}' : '{"ok":false}';
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

const server = createServer((req, res) => {
  verifyIncoming(req, options).then(
    () => answer(res, 200),
    (e) => answer(res, httpStatusOf(e)),
  );
});
server.keepAliveTimeout = 30_000;
server.listen(Number(FLEET_PORT), '127.0.0.1', () => process.send({ ready: true }));

process.on('message', (m) => {
  if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
  if (m === 'exit') {
    server.closeAllConnections();
    server.close(async () => {
      if (client !== undefined) await client.quit().catch(() => {});
      process.exit(0);
    });
  }
});

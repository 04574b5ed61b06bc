/**
 * How long fresh requests are refused after Redis loses nonces, with the verifier's default future
 * bound (30 s): a FLUSHALL, then a restart without persistence, on a redis-server started here
 * from PATH. Prints the two figures docs/verifying.md quotes. Run (about 70 s):
 *
 *   node --import tsx bench/redis-refusal.ts
 *
 * The tests (src/stores/redis/loss.test.ts, ha.test.ts) check the same with a 2 s bound.
 */
import { RedisNonceStore } from '../src/stores/redis/index.js';
import { establish, RedisServer } from '../test/helpers/redis-server.js';
import { closeClients, nodeRedis, refusedFor, request } from '../test/helpers/redis-traffic.js';

const redis = await RedisServer.start();
try {
  const admin = await nodeRedis(redis.url);
  await establish((args) => admin.sendCommand(args), 'paysig:nonce:');
  const store = new RedisNonceStore(admin);
  await admin.sendCommand(['FLUSHALL']);
  const wipe = await refusedFor(() => request(), store, {}, 60_000);
  console.log(`FLUSHALL: fresh requests refused for ${wipe.ms} ms (${wipe.refused} refused)`);
  await redis.kill();
  await redis.restart();
  const t0 = Date.now();
  const restart = await refusedFor(() => request(), store, {}, 60_000);
  console.log(`restart without persistence: refused for ${Date.now() - t0} ms (${restart.refused} refused)`);
} finally {
  await closeClients();
  await redis.stop();
}

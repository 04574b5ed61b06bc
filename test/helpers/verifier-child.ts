/**
 * A verifier process for src/stores/redis/faults.test.ts, started with `node --import tsx` and
 * driven over IPC: each message is a signed request, each answer `{ id, ok, code }`.
 *
 * argv: redis URL, client ('node-redis' | 'ioredis' | 'node-redis-bare'). 'node-redis-bare'
 * is the snippet the docs used to show: `await createClient({ url }).connect()` with no 'error'
 * listener, which crashed the process ~11 ms after Redis died before the store guarded it.
 */
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { verifyOAuth } from '../../src/schemes/oauth/verify.js';
import { RedisNonceStore } from '../../src/stores/redis/index.js';

const [url, kind] = process.argv.slice(2) as [string, string];

async function client() {
  if (kind === 'node-redis-bare') return createClient({ url }).connect();
  if (kind === 'node-redis') {
    const c = createClient({ url, socket: { reconnectStrategy: 50 } });
    c.on('error', () => {});
    return c.connect();
  }
  const c = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  c.on('error', () => {});
  return c;
}

// 2000 ms, the default: CI machines shared by several jobs answered a 1000 ms timeout late.
const nonceStore = new RedisNonceStore(await client(), { timeoutMs: 2000, prefix: 'shared:' });
await nonceStore.ready();

interface Message {
  id: number;
  request: { method: string; url: string; params: Array<[string, string]>; authorization: string };
  secret: string;
}

process.on('message', (m: Message) => {
  // A 2 s future bound: after a Redis restart, fresh requests are refused for about 3 s, not 31.
  verifyOAuth(m.request, {
    credentials: () => ({ consumerSecret: m.secret }),
    nonceStore,
    maxFutureSkewSeconds: 2,
  }).then(
    () => process.send!({ id: m.id, ok: true }),
    (e: { code?: string; message?: string }) =>
      process.send!({ id: m.id, ok: false, code: e.code ?? 'THROWN', message: e.message }),
  );
});
process.send!({ ready: true });

/**
 * RedisNonceStore against a real redis-server (REDIS_URL, or one started here from PATH on a free
 * loopback port), with node-redis and ioredis clients; then with fake clients for the failure
 * shapes a real server does not produce. Faults (kill, pause, restart, eviction policy, several
 * processes) are in redis-faults.test.ts.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis as IORedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOAuth } from '../../schemes/oauth/sign.js';
import { verifyOAuth, type VerifyOAuthOptions } from '../../schemes/oauth/verify.js';
import { RedisNonceStore } from './index.js';
import { fakeIORedis, fakeNodeRedis } from '../../../test/helpers/fake-redis.js';
import { establish, RedisServer } from '../../../test/helpers/redis-server.js';

const SECRET = 'control-key';
let server: RedisServer | undefined;
let url = '';
const nodeClients: Array<ReturnType<typeof createClient>> = [];
const ioClients: IORedis[] = [];

async function nodeRedis() {
  const c = createClient({ url, socket: { reconnectStrategy: 50 } });
  c.on('error', () => {});
  await c.connect();
  nodeClients.push(c);
  return c;
}
/** An established store under `prefix` (not a new one, whose first check fences the future bound). */
async function established(prefix: string) {
  await establish((args) => nodeClients[0]!.sendCommand(args), prefix);
}
async function ioRedis() {
  const c = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  c.on('error', () => {});
  await c.connect();
  ioClients.push(c);
  return c;
}

async function signedRequest(nonce: string, timestamp?: number) {
  const reqUrl = 'https://api.example.com/v2/payout/1';
  const params: Array<[string, string]> = [['client_orderid', '1']];
  const r = await signOAuth({
    method: 'POST',
    url: reqUrl,
    params,
    consumerKey: 'merchant:login',
    consumerSecret: SECRET,
    signatureMethod: 'HMAC-SHA1',
    nonce,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { method: 'POST', url: reqUrl, params, authorization: r.authorization };
}

const options = (nonceStore: RedisNonceStore, extra: Partial<VerifyOAuthOptions> = {}): VerifyOAuthOptions => ({
  credentials: () => ({ consumerSecret: SECRET }),
  nonceStore,
  ...extra,
});

/** The key, computed with node:crypto. */
const expectedKey = (prefix: string, consumer: string, nonce: string, ts: number) =>
  prefix +
  'n:' +
  createHash('sha1')
    .update(JSON.stringify([consumer, nonce, ts]), 'utf8')
    .digest('hex')
    .slice(0, 32);

beforeAll(async () => {
  if (process.env['REDIS_URL']) url = process.env['REDIS_URL'];
  else {
    server = await RedisServer.start();
    url = server.url;
  }
}, 20_000);

afterAll(async () => {
  for (const c of nodeClients) c.destroy();
  for (const c of ioClients) c.disconnect();
  await server?.stop();
});

describe('RedisNonceStore on a real redis-server', () => {
  it('two node-redis verifiers sharing Redis refuse the second use of a nonce', async () => {
    const a = new RedisNonceStore(await nodeRedis(), { prefix: 't1:' });
    const b = new RedisNonceStore(await nodeRedis(), { prefix: 't1:' });
    await established('t1:');
    await a.ready();
    const req = await signedRequest('node-redis-nonce');
    await expect(verifyOAuth(req, options(a))).resolves.toMatchObject({ consumerKey: 'merchant:login' });
    await expect(verifyOAuth(req, options(b))).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
  });

  it('two ioredis verifiers sharing Redis refuse the second use of a nonce', async () => {
    const a = new RedisNonceStore(await ioRedis(), { prefix: 't2:' });
    const b = new RedisNonceStore(await ioRedis(), { prefix: 't2:' });
    await established('t2:');
    await a.ready();
    const req = await signedRequest('ioredis-nonce');
    await expect(verifyOAuth(req, options(a))).resolves.toMatchObject({ nonce: 'ioredis-nonce' });
    await expect(verifyOAuth(req, options(b))).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
  });

  it('node-redis and ioredis stores see each other; fixed-size key; expiry at timestamp + window + 1 s', async () => {
    const nr = await nodeRedis();
    const a = new RedisNonceStore(nr, { prefix: 't3:' });
    const b = new RedisNonceStore(await ioRedis(), { prefix: 't3:' });
    await established('t3:');
    await a.ready();
    const nonce = 'ñ'.repeat(256); // percent-encoded, this made a 1.5 KB key
    const req = await signedRequest(nonce);
    const { timestamp } = await verifyOAuth(req, options(a, { maxSkewSeconds: 120 }));
    await expect(verifyOAuth(req, options(b, { maxSkewSeconds: 120 }))).rejects.toMatchObject({
      code: 'ERR_OAUTH_NONCE_REPLAYED',
    });
    const keys = (await nr.keys('t3:*')).sort();
    expect(keys).toEqual([expectedKey('t3:', 'merchant:login', nonce, timestamp), 't3:marker'].sort());
    expect(await a.key('merchant:login', nonce, timestamp)).toBe(
      expectedKey('t3:', 'merchant:login', nonce, timestamp),
    );
    expect(await nr.sendCommand(['PEXPIRETIME', keys.find((k) => k.includes(':n:'))!])).toBe((timestamp + 121) * 1000);
    expect(await nr.ttl('t3:marker')).toBe(-1); // the marker never expires
  });

  it('a store with another prefix is independent', async () => {
    await established('p1:');
    await established('p2:');
    const req = await signedRequest('prefixed');
    await expect(
      verifyOAuth(req, options(new RedisNonceStore(await nodeRedis(), { prefix: 'p1:' }))),
    ).resolves.toBeDefined();
    await expect(
      verifyOAuth(req, options(new RedisNonceStore(await nodeRedis(), { prefix: 'p2:' }))),
    ).resolves.toBeDefined();
  });

  it('a verifier whose clock is 10 s behind cannot replay a nonce another verifier recorded (5 s window)', async () => {
    const stores = [
      [
        new RedisNonceStore(await nodeRedis(), { prefix: 'clock1:' }),
        new RedisNonceStore(await ioRedis(), { prefix: 'clock1:' }),
      ],
      [
        new RedisNonceStore(await ioRedis(), { prefix: 'clock2:' }),
        new RedisNonceStore(await nodeRedis(), { prefix: 'clock2:' }),
      ],
    ] as const;
    // Established stores: their memory began a minute ago (a new marker refuses older timestamps).
    for (const prefix of ['clock1:', 'clock2:']) await established(prefix);
    const now = Date.now() / 1000;
    const ts = Math.ceil(now) - 5; // at the window's edge for the right clock
    const reqs = await Promise.all(stores.map((_, i) => signedRequest(`clock-${i}`, ts)));
    for (const [i, [right]] of stores.entries()) {
      await expect(verifyOAuth(reqs[i]!, options(right, { maxSkewSeconds: 5, now }))).resolves.toBeDefined();
    }
    // Past the nonce's expiry for the right clock; the slow clock still finds the timestamp fresh.
    await new Promise((r) => setTimeout(r, Math.max((ts + 6) * 1000, now * 1000 + 2000) + 100 - Date.now()));
    for (const [i, [, slow]] of stores.entries()) {
      const late = Date.now() / 1000 - 10;
      expect(Math.abs(ts - late)).toBeLessThanOrEqual(5);
      await expect(verifyOAuth(reqs[i]!, options(slow, { maxSkewSeconds: 5, now: late }))).rejects.toMatchObject({
        code: 'ERR_NONCE_STORE',
      });
    }
  });

  it("refuses a real client given the other library's flavor (a node-redis client called as ioredis sent SET without NX)", async () => {
    expect(() => new RedisNonceStore(nodeClients[0] ?? (undefined as never), { flavor: 'ioredis' })).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'flavor' }),
    );
    expect(() => new RedisNonceStore(ioClients[0] ?? (undefined as never), { flavor: 'node-redis' })).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'flavor' }),
    );
  });
});

describe('the fake client answers as the script does', () => {
  it("a probe's '0' records no window: the first check after ready() accepts a timestamp a second old, on redis-server and on the fake", async () => {
    // The fake once recorded the probe's past bound of 0 and then read the verifier's 300 s as a
    // raise from 0 s, refusing every timestamp older than a second ("left the window").
    await established('probe1:');
    const stores = [
      new RedisNonceStore(await nodeRedis(), { prefix: 'probe1:' }),
      new RedisNonceStore(fakeNodeRedis()),
    ];
    for (const store of stores) {
      await store.ready();
      const ts = Math.floor(Date.now() / 1000) - 1;
      const context = { maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: ts + 1 };
      await expect(store.check('merchant', 'after-probe', ts, 300, context)).resolves.toBe(true);
      await expect(store.check('merchant', 'after-probe', ts, 300, context)).resolves.toBe(false);
    }
  });
});

describe('RedisNonceStore with fake clients', () => {
  it('detects the library and calls its own eval shape', async () => {
    const nr = fakeNodeRedis();
    const io = fakeIORedis();
    const a = new RedisNonceStore(nr);
    const b = new RedisNonceStore(io);
    expect([a.flavor, b.flavor]).toEqual(['node-redis', 'ioredis']);
    const ts = Math.floor(Date.now() / 1000);
    for (const s of [a, b]) {
      expect(await s.check('c', 'n', ts, 7, { maxSkewSeconds: 5, now: ts })).toBe(true);
      expect(await s.check('c', 'n', ts, 7, { maxSkewSeconds: 5, now: ts })).toBe(false);
    }
    const key = expectedKey('paysig:nonce:', 'c', 'n', ts);
    // The first call is the out-of-band health probe on the marker; then the check (EVAL: the fakes have no EVALSHA).
    const check = (call: unknown[]) => (call[1] as { keys: string[] }).keys.length === 2;
    const nrCheck = nr.calls.find(check)!;
    expect(nrCheck[0]).toBe('eval');
    expect((nrCheck[1] as { keys: string[] }).keys).toEqual(['paysig:nonce:marker', key]);
    // A check with a known window sends seven arguments (no keep, mode or eviction flag).
    expect((nrCheck[1] as { arguments: string[] }).arguments.slice(0, 3)).toEqual([String(ts), '5000', '5000']);
    expect((nrCheck[1] as { arguments: string[] }).arguments).toHaveLength(7);
    const ioCheck = io.calls.find((call) => call[1] === 2)!;
    expect(ioCheck.slice(0, 7)).toEqual(['eval', 2, 'paysig:nonce:marker', key, String(ts), '5000', '5000']);
    expect(ioCheck).toHaveLength(4 + 7);
    // Without the window (a caller other than verifyOAuth): no past bound (-1), kept for the TTL from now.
    expect(await a.check('c', 'm', ts, 7)).toBe(true);
    const noWindow = (nr.calls.at(-1)![1] as { arguments: string[] }).arguments;
    expect([...noWindow.slice(1, 3), noWindow[7]]).toEqual(['-1', '7000', '7000']);
  });

  it('a flavor is used only for a client that cannot be detected, and must be valid', async () => {
    const bare = fakeNodeRedis() as unknown as Record<string, unknown>;
    delete bare['isOpen'];
    expect(() => new RedisNonceStore(bare as never)).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'flavor' }),
    );
    expect(new RedisNonceStore(bare as never, { flavor: 'node-redis' }).flavor).toBe('node-redis');
    expect(() => new RedisNonceStore(fakeNodeRedis(), { flavor: 'ioredis' })).toThrow(
      expect.objectContaining({ field: 'flavor' }),
    );
    expect(() => new RedisNonceStore(fakeNodeRedis(), { flavor: 'x' as never })).toThrow(
      expect.objectContaining({ field: 'flavor' }),
    );
    expect(() => new RedisNonceStore({ isOpen: true, set: () => Promise.resolve('OK') } as never)).toThrow(
      expect.objectContaining({ field: 'client' }),
    );
    expect(() => new RedisNonceStore(null as never)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
  });

  it('validates options with typed errors (2 ** 31 ms was cut to 1 ms by Node)', () => {
    for (const [o, field] of [
      [{ timeoutMs: 2 ** 31 }, 'timeoutMs'],
      [{ timeoutMs: 0 }, 'timeoutMs'],
      [{ timeoutMs: 1.5 }, 'timeoutMs'],
      [{ timeoutMs: '100' }, 'timeoutMs'],
      [{ prefix: 5 }, 'prefix'],
      [{ prefix: 'x'.repeat(257) }, 'prefix'],
      [{ assumeNoEviction: 'yes' }, 'assumeNoEviction'],
    ] as const) {
      expect(() => new RedisNonceStore(fakeNodeRedis(), o as never)).toThrow(
        expect.objectContaining({ code: 'ERR_INVALID_INPUT', field }),
      );
    }
    expect(() => new RedisNonceStore(fakeNodeRedis(), { timeoutMs: 2 ** 31 - 1 })).not.toThrow();
  });

  it("anything but the script's reply is ERR_NONCE_STORE: 'OK' from a mis-called client, a rejection, a hang", async () => {
    const replies: unknown[] = ['OK', 1, null, [1], [1, 'x', 1], [9, 1, 1], [1, 1, 0], [true, 1, 1]];
    const ts = Math.floor(Date.now() / 1000);
    for (const reply of replies) {
      const c = Object.assign(fakeNodeRedis(), { eval: () => Promise.resolve(reply) });
      await expect(new RedisNonceStore(c).check('c', 'n', ts, 1)).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
    }
    const failing = Object.assign(fakeIORedis(), { eval: () => Promise.reject(new Error('ECONNREFUSED')) });
    const hanging = Object.assign(fakeIORedis(), { eval: () => new Promise(() => {}) });
    await expect(new RedisNonceStore(failing).check('c', 'n', ts, 1)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
    });
    await expect(new RedisNonceStore(hanging, { timeoutMs: 50 }).check('c', 'n', ts, 1)).rejects.toThrow(
      /within 50 ms/,
    );
  });

  it('refuses an evicting policy and an unreadable one, unless told to assume noeviction', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const lru = Object.assign(fakeIORedis(), { policy: 'allkeys-lru' });
    await expect(new RedisNonceStore(lru).ready()).rejects.toThrow(/"allkeys-lru"/);
    await expect(new RedisNonceStore(lru).check('c', 'n', ts, 9)).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
    expect(await new RedisNonceStore(lru, { assumeNoEviction: true }).check('c', 'n', ts, 9)).toBe(true);
    const noConfig = Object.assign(fakeNodeRedis(), {
      configGet: () => Promise.reject(new Error("ERR unknown command 'CONFIG'")),
    });
    await expect(new RedisNonceStore(noConfig).ready()).rejects.toThrow(/assumeNoEviction/);
    expect(await new RedisNonceStore(noConfig, { assumeNoEviction: true }).check('c', 'n', ts, 9)).toBe(true);
  });

  it("adds an 'error' listener to a client that has none, so a dying Redis cannot crash the process", () => {
    const bare = Object.assign(new EventEmitter(), fakeNodeRedis());
    expect(() => bare.emit('error', new Error('before'))).toThrow('before'); // what crashed verifiers
    new RedisNonceStore(bare);
    expect(bare.listenerCount('error')).toBe(1);
    expect(() => bare.emit('error', new Error('socket closed'))).not.toThrow();
    const own = Object.assign(new EventEmitter(), fakeNodeRedis());
    own.on('error', () => {});
    new RedisNonceStore(own);
    expect(own.listenerCount('error')).toBe(1); // the application's own listener is left alone
  });
});

/**
 * RedisNonceStore against a real redis-server (started here on a free loopback port), with both
 * node-redis and ioredis clients. redis-server missing is a FAILURE, not a skip: CI installs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis as IORedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOAuth } from '../src/oauth/sign.js';
import { verifyOAuth, type VerifyOAuthOptions } from '../src/oauth/verify.js';
import { RedisNonceStore } from '../src/redis.js';

// `npm test` resolves redis-server on PATH (scripts/provision.mjs) and passes it here.
const REDIS_SERVER = process.env.PAYSIG_REDIS_SERVER ?? 'redis-server';
const SECRET = 'control-key';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function startRedis(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`${REDIS_SERVER} could not start (${e.message}): install redis-server (this test must not be skipped)`));
    });
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

let server: ChildProcess | undefined;
let port = 0;
const nodeClients: Array<ReturnType<typeof createClient>> = [];
const ioClients: IORedis[] = [];

async function nodeRedis() {
  const c = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: 50 } });
  c.on('error', () => {});
  await c.connect();
  nodeClients.push(c);
  return c;
}
async function ioRedis() {
  const c = new IORedis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  c.on('error', () => {});
  await c.connect();
  ioClients.push(c);
  return c;
}

async function signedRequest(nonce: string) {
  const url = 'https://api.example.com/v2/payout/1';
  const params: Array<[string, string]> = [['client_orderid', '1']];
  const r = await signOAuth({ method: 'POST', url, params, consumerKey: 'merchant:login', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', nonce });
  return { method: 'POST', url, params, authorization: r.authorization };
}

const options = (nonceStore: RedisNonceStore): VerifyOAuthOptions => ({ credentials: () => ({ consumerSecret: SECRET }), nonceStore });

beforeAll(async () => {
  port = await freePort();
  server = await startRedis(port);
}, 20_000);

afterAll(async () => {
  for (const c of nodeClients) await c.destroy();
  for (const c of ioClients) c.disconnect();
  if (server && server.exitCode === null) server.kill('SIGKILL');
});

describe('RedisNonceStore on a real redis-server', () => {
  it('two node-redis verifiers sharing Redis refuse the second use of a nonce', async () => {
    const a = new RedisNonceStore(await nodeRedis(), { prefix: 't1:' });
    const b = new RedisNonceStore(await nodeRedis(), { prefix: 't1:' });
    const req = await signedRequest('node-redis-nonce');
    await expect(verifyOAuth(req, options(a))).resolves.toMatchObject({ consumerKey: 'merchant:login' });
    await expect(verifyOAuth(req, options(b))).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
  });

  it('two ioredis verifiers sharing Redis refuse the second use of a nonce', async () => {
    const a = new RedisNonceStore(await ioRedis(), { prefix: 't2:' });
    const b = new RedisNonceStore(await ioRedis(), { prefix: 't2:' });
    const req = await signedRequest('ioredis-nonce');
    await expect(verifyOAuth(req, options(a))).resolves.toMatchObject({ nonce: 'ioredis-nonce' });
    await expect(verifyOAuth(req, options(b))).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
  });

  it('node-redis and ioredis stores with one prefix see each other; the key encodes ":" and sets a TTL', async () => {
    const nr = await nodeRedis();
    const a = new RedisNonceStore(nr, { prefix: 't3:' });
    const b = new RedisNonceStore(await ioRedis(), { prefix: 't3:' });
    const req = await signedRequest('mixed:nonce');
    await expect(verifyOAuth(req, options(a))).resolves.toBeDefined();
    await expect(verifyOAuth(req, options(b))).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
    const keys = await nr.keys('t3:*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^t3:merchant%3Alogin:mixed%3Anonce:\d+$/);
    const ttl = await nr.ttl(keys[0]!);
    expect(ttl).toBeGreaterThan(295);
    expect(ttl).toBeLessThanOrEqual(602);
  });

  it('a store with another prefix is independent', async () => {
    const req = await signedRequest('prefixed');
    await expect(verifyOAuth(req, options(new RedisNonceStore(await nodeRedis(), { prefix: 'p1:' })))).resolves.toBeDefined();
    await expect(verifyOAuth(req, options(new RedisNonceStore(await nodeRedis(), { prefix: 'p2:' })))).resolves.toBeDefined();
  });

  it('fails closed with ERR_NONCE_STORE once the server is gone (both clients)', async () => {
    const stores = [
      new RedisNonceStore(await nodeRedis(), { timeoutMs: 500 }),
      new RedisNonceStore(await ioRedis(), { timeoutMs: 500 }),
    ];
    const exited = new Promise((r) => server!.once('exit', r));
    server!.kill('SIGKILL');
    await exited;
    for (const [i, store] of stores.entries()) {
      const req = await signedRequest('after-kill-' + i);
      await expect(verifyOAuth(req, options(store))).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
    }
  });
});

describe('RedisNonceStore with fake clients', () => {
  it('detects the flavor, or takes it from the option', async () => {
    const calls: unknown[][] = [];
    const nodeLike = { isOpen: true, set: (...a: unknown[]) => (calls.push(a), Promise.resolve('OK')) };
    const ioLike = { status: 'ready', set: (...a: unknown[]) => (calls.push(a), Promise.resolve(null)) };
    expect(await new RedisNonceStore(nodeLike as never).check('c', 'n', 5, 7)).toBe(true);
    expect(await new RedisNonceStore(ioLike as never).check('c', 'n', 5, 7)).toBe(false);
    expect(calls).toEqual([
      ['paysig:nonce:c:n:5', '1', { NX: true, EX: 7 }],
      ['paysig:nonce:c:n:5', '1', 'EX', 7, 'NX'],
    ]);
    expect(() => new RedisNonceStore({ set: () => Promise.resolve('OK') } as never)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
    expect(await new RedisNonceStore({ set: () => Promise.resolve('OK') } as never, { flavor: 'ioredis' }).check('c', 'n', 1, 1)).toBe(true);
    expect(() => new RedisNonceStore({} as never)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
  });

  it('an unexpected reply, a rejection or a hang is ERR_NONCE_STORE', async () => {
    const odd = new RedisNonceStore({ isOpen: true, set: () => Promise.resolve(1) } as never);
    const failing = new RedisNonceStore({ isOpen: true, set: () => Promise.reject(new Error('ECONNREFUSED')) } as never);
    const hanging = new RedisNonceStore({ isOpen: true, set: () => new Promise(() => {}) } as never, { timeoutMs: 50 });
    for (const s of [odd, failing, hanging]) await expect(s.check('c', 'n', 1, 1)).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
  });
});

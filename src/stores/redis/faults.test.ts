/**
 * RedisNonceStore under faults, against real redis-server processes started here from PATH:
 * killed, paused (SIGSTOP), restarted without persistence (a wipe) or from an older snapshot
 * (a rollback), run with an evicting policy or without CONFIG; and two verifier processes
 * sharing one Redis. Both node-redis and ioredis.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis as IORedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { signOAuth } from '../../oauth/sign.js';
import { verifyOAuth } from '../../oauth/verify.js';
import { RedisNonceStore } from './index.js';
import { eventually, nextSecond, RedisServer, sleep } from '../../../test/helpers/redis-server.js';

const SECRET = 'control-key';
const servers: RedisServer[] = [];
const closers: Array<() => unknown> = [];
const dirs: string[] = [];

async function server(args: string[] = []) {
  const s = await RedisServer.start(args);
  servers.push(s);
  return s;
}
async function nodeRedis(url: string) {
  const c = createClient({ url, socket: { reconnectStrategy: 50 } });
  c.on('error', () => {});
  await c.connect();
  closers.push(() => c.destroy());
  return c;
}
function ioRedis(url: string) {
  const c = new IORedis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  c.on('error', () => {});
  closers.push(() => c.disconnect());
  return c;
}
const stores = async (url: string, timeoutMs = 500) => [
  new RedisNonceStore(await nodeRedis(url), { timeoutMs }),
  new RedisNonceStore(ioRedis(url), { timeoutMs }),
];

let counter = 0;
async function request(nonce = `n${counter++}-${Math.random()}`) {
  const url = 'https://api.example.com/v2/payout/1';
  const params: Array<[string, string]> = [['client_orderid', String(counter)]];
  const r = await signOAuth({
    method: 'POST',
    url,
    params,
    consumerKey: 'merchant',
    consumerSecret: SECRET,
    signatureMethod: 'HMAC-SHA1',
    nonce,
  });
  return { method: 'POST', url, params, authorization: r.authorization };
}
const verify = async (req: Awaited<ReturnType<typeof request>>, nonceStore: RedisNonceStore) =>
  verifyOAuth(req, { credentials: () => ({ consumerSecret: SECRET }), nonceStore }).then(
    () => 'accepted',
    (e: { code?: string }) => e.code ?? 'thrown',
  );

afterAll(async () => {
  for (const close of closers) await close();
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('RedisNonceStore under faults', () => {
  it('killed: refused with ERR_NONCE_STORE; restarted empty: earlier requests refused, new ones accepted, same clients', async () => {
    const redis = await server();
    const [a, b] = await stores(redis.url);
    await a!.ready();
    const before = await Promise.all(Array.from({ length: 20 }, () => request()));
    for (const [i, r] of before.entries()) expect(await verify(r, i % 2 ? a! : b!)).toBe('accepted');
    await nextSecond(); // the wipe is noticed in a later second than these timestamps
    await redis.kill();
    for (const s of [a!, b!]) expect(await verify(await request(), s)).toBe('ERR_NONCE_STORE');
    await redis.restart();
    await eventually(() => Promise.all([a!.ready(), b!.ready()]));
    // 20 of 20 replays got through here before the marker; now none does.
    for (const [i, r] of before.entries()) expect(await verify(r, i % 2 ? b! : a!)).toBe('ERR_NONCE_STORE');
    for (const s of [a!, b!]) expect(await verify(await request(), s)).toBe('accepted');
  });

  it('paused (SIGSTOP): refused within the timeout, not hung; accepted again after SIGCONT', async () => {
    const redis = await server();
    const [a, b] = await stores(redis.url, 300);
    await Promise.all([a!.ready(), b!.ready()]);
    redis.pause();
    for (const s of [a!, b!]) {
      const t0 = Date.now();
      expect(await verify(await request(), s)).toBe('ERR_NONCE_STORE');
      expect(Date.now() - t0).toBeLessThan(5000);
    }
    redis.resume();
    for (const s of [a!, b!])
      expect(
        await eventually(async () =>
          (await verify(await request(), s)) === 'accepted' ? 'ok' : Promise.reject(new Error('refused')),
        ),
      ).toBe('ok');
  });

  it('restarted from an older snapshot: the rollback is noticed and later requests are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysig-redis-'));
    dirs.push(dir);
    const redis = await server(['--dir', dir, '--dbfilename', 'dump.rdb', '--save', '', '--appendonly', 'no']);
    const nr = await nodeRedis(redis.url);
    const s = new RedisNonceStore(nr, { timeoutMs: 500 });
    await s.ready();
    await nr.sendCommand(['SAVE']);
    const after = await Promise.all(Array.from({ length: 10 }, () => request()));
    for (const r of after) expect(await verify(r, s)).toBe('accepted');
    await nextSecond();
    await redis.kill(); // the 10 nonces after the snapshot are lost, the marker is not
    await redis.restart();
    await eventually(() => s.ready());
    for (const r of after) expect(await verify(r, s)).toBe('ERR_NONCE_STORE');
    expect(await verify(await request(), s)).toBe('accepted');
  });

  it('an evicting maxmemory-policy is refused at start; a Redis without CONFIG too, unless told to assume noeviction', async () => {
    const lru = await server(['--maxmemory', '10mb', '--maxmemory-policy', 'allkeys-lru']);
    for (const s of await stores(lru.url)) {
      await expect(s.ready()).rejects.toThrow(/maxmemory-policy is "allkeys-lru"/);
      expect(await verify(await request(), s)).toBe('ERR_NONCE_STORE');
    }
    const managed = await server(['--rename-command', 'CONFIG', '']);
    for (const s of await stores(managed.url)) {
      await expect(s.ready()).rejects.toThrow(/CONFIG GET failed.*assumeNoEviction/);
    }
    const trusted = new RedisNonceStore(await nodeRedis(managed.url), { assumeNoEviction: true });
    await trusted.ready();
    expect(await verify(await request(), trusted)).toBe('accepted');
  });
});

describe('verifier processes sharing one Redis', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  type Answer = { id: number; ok: boolean; code?: string };
  function verifier(url: string, kind: string) {
    const child = fork(join(import.meta.dirname, '../../../test/helpers/verifier-child.ts'), [url, kind], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const pending = new Map<number, (a: Answer) => void>();
    let next = 0;
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (m: Answer & { ready?: boolean }) => {
        if (m.ready) return resolve();
        pending.get(m.id)?.(m);
        pending.delete(m.id);
      });
      child.once('exit', (code) => reject(new Error(`verifier exited (${code}): ${stderr}`)));
    });
    return {
      child,
      ready,
      stderr: () => stderr,
      send: (req: Awaited<ReturnType<typeof request>>) =>
        new Promise<Answer>((resolve) => {
          const id = next++;
          pending.set(id, resolve);
          child.send({ id, request: req, secret: SECRET });
        }),
    };
  }

  it('node-redis and ioredis processes: 10% replays all refused, no fresh request refused, and of 1,000 requests sent to both at once never both accepted', async () => {
    const redis = await server();
    const p = [verifier(redis.url, 'node-redis'), verifier(redis.url, 'ioredis')];
    await Promise.all(p.map((v) => v.ready));
    const fresh = await Promise.all(Array.from({ length: 1800 }, () => request()));
    const first = await Promise.all(fresh.slice(0, 900).map((r, i) => p[i % 2]!.send(r)));
    const replays = fresh.slice(0, 200); // 10% of the 2,000 requests sent below and above
    const second = await Promise.all([
      ...fresh.slice(900).map((r, i) => p[i % 2]!.send(r).then((a) => ({ ...a, replay: false }))),
      ...replays.map((r, i) => p[(i + 1) % 2]!.send(r).then((a) => ({ ...a, replay: true }))),
    ]);
    expect(first.filter((a) => !a.ok)).toEqual([]);
    expect(second.filter((a) => !a.replay && !a.ok)).toEqual([]); // no fresh request refused
    expect(second.filter((a) => a.replay && a.ok)).toEqual([]); // no replay accepted
    expect(new Set(second.filter((a) => a.replay).map((a) => a.code))).toEqual(new Set(['ERR_OAUTH_NONCE_REPLAYED']));

    const same = await Promise.all(Array.from({ length: 1000 }, () => request()));
    const races = await Promise.all(same.map((r) => Promise.all([p[0]!.send(r), p[1]!.send(r)])));
    expect(races.filter(([x, y]) => x.ok && y.ok)).toEqual([]);
    expect(races.filter(([x, y]) => x.ok === y.ok)).toEqual([]); // exactly one of each pair
  });

  it('the documented node-redis snippet without an error listener: Redis dies, the process lives and refuses, then recovers', async () => {
    const redis = await server();
    const v = verifier(redis.url, 'node-redis-bare');
    await v.ready;
    expect((await v.send(await request())).ok).toBe(true);
    await redis.kill();
    await sleep(300); // it crashed ~11 ms after Redis died
    expect(v.child.exitCode).toBe(null);
    expect(await v.send(await request())).toMatchObject({ ok: false, code: 'ERR_NONCE_STORE' });
    await redis.restart();
    await eventually(async () => ((await v.send(await request())).ok ? 'ok' : Promise.reject(new Error('refused'))));
    expect(v.child.exitCode).toBe(null);
  });
});

/**
 * RedisNonceStore under faults, against real redis-server processes started here from PATH:
 * killed, paused (SIGSTOP), restarted without persistence (a wipe), run with an evicting policy
 * or without CONFIG, reached through a client that is not connected; and two verifier processes
 * sharing one Redis. Both node-redis and ioredis. Other losses (FLUSHALL, restored snapshot,
 * eviction at run time): loss.test.ts; replica promotion and Redis Cluster: ha.test.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Redis as IORedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisNonceStore } from './index.js';
import { establish, eventually, RedisServer, sleep } from '../../../test/helpers/redis-server.js';
import {
  closeClients,
  figure,
  ioRedis,
  nodeRedis,
  refusedFor,
  request,
  SECRET,
  type SignedRequest,
  verify,
} from '../../../test/helpers/redis-traffic.js';

const servers: RedisServer[] = [];
const dirs: string[] = [];
/** A short future bound: the refusal after a loss lasts about this long (+1 s). */
const W = { maxFutureSkewSeconds: 2 };

async function server(args: string[] = []) {
  const s = await RedisServer.start(args);
  servers.push(s);
  return s;
}
const stores = async (url: string, timeoutMs = 500) => [
  new RedisNonceStore(await nodeRedis(url), { timeoutMs }),
  new RedisNonceStore(ioRedis(url), { timeoutMs }),
];
const established = async (url: string, prefix = 'paysig:nonce:') => {
  const c = await nodeRedis(url);
  await establish((args) => c.sendCommand(args), prefix);
};

afterAll(async () => {
  await closeClients();
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('RedisNonceStore under faults', () => {
  it('killed: refused with ERR_NONCE_STORE; restarted empty: requests from before (same second, 1-2 s ahead) refused, then fresh ones accepted, same clients', async () => {
    const redis = await server();
    await established(redis.url);
    const [a, b] = await stores(redis.url);
    await a!.ready();
    const before = await Promise.all(Array.from({ length: 30 }, (_, i) => request(i % 3)));
    for (const [i, r] of before.entries()) expect(await verify(r, i % 2 ? a! : b!, W)).toBe('accepted');
    await redis.kill(); // within the same second as the last requests, as a rule
    for (const s of [a!, b!]) expect(await verify(await request(), s, W)).toBe('ERR_NONCE_STORE');
    await redis.restart();
    await eventually(() => Promise.all([a!.ready(), b!.ready()]));
    // 9 replays got through after a restart before the fence; now none does.
    for (const [i, r] of before.entries()) expect(await verify(r, i % 2 ? b! : a!, W)).toBe('ERR_NONCE_STORE');
    const { ms } = await refusedFor(() => request(), a!, W);
    figure('restart without persistence, maxFutureSkewSeconds 2: fresh requests refused for', `${ms} ms`);
    expect(await verify(await request(), b!, W)).toBe('accepted');
  });

  it('paused (SIGSTOP): refused within the timeout, not hung; accepted again after SIGCONT', async () => {
    const redis = await server();
    await established(redis.url);
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

  it('an evicting maxmemory-policy is refused at start; a Redis without CONFIG too, advising assumeNoEviction and why it is dangerous', async () => {
    const lru = await server(['--maxmemory', '10mb', '--maxmemory-policy', 'allkeys-lru']);
    for (const s of await stores(lru.url)) {
      await expect(s.ready()).rejects.toThrow(/maxmemory-policy is "allkeys-lru"/);
      expect(await verify(await request(), s)).toBe('ERR_NONCE_STORE');
    }
    const managed = await server(['--rename-command', 'CONFIG', '']);
    await established(managed.url);
    for (const s of await stores(managed.url)) {
      await expect(s.ready()).rejects.toThrow(
        /^this Redis refuses CONFIG GET \(ERR unknown command.*assumeNoEviction: true.*dangerous/,
      );
    }
    const trusted = new RedisNonceStore(await nodeRedis(managed.url), { assumeNoEviction: true });
    await trusted.ready();
    expect(await verify(await request(), trusted)).toBe('accepted');
  });

  it('a client that is not connected: the store says so, and does not advise assumeNoEviction', async () => {
    const redis = await server();
    const unconnected = createClient({ url: redis.url }); // no connect()
    for (const s of [new RedisNonceStore(unconnected), new RedisNonceStore(unconnected, { assumeNoEviction: true })]) {
      const e = await s.ready().then(
        () => expect.unreachable(),
        (x: Error) => x,
      );
      expect(e).toMatchObject({ code: 'ERR_NONCE_STORE' });
      expect(e.message).toMatch(/^the Redis client is not connected: await client\.connect\(\) first/);
      expect(e.message).not.toMatch(/assumeNoEviction/);
      expect((e.cause as Error).message).toMatch(/client is closed/i);
    }
    const closed = new IORedis(redis.url, { lazyConnect: true });
    closed.on('error', () => {});
    const lazy = new RedisNonceStore(closed); // ioredis connects on its first command
    await expect(lazy.ready()).resolves.toBeUndefined();
    closed.disconnect();
    await expect(lazy.check('c', 'n', Math.floor(Date.now() / 1000), 5)).rejects.toThrow(
      /^the Redis client is not connected: it was closed/,
    );
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
      execArgv: ['--conditions=paysig-source', '--import', 'tsx'],
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
      send: (req: SignedRequest) =>
        new Promise<Answer>((resolve) => {
          const id = next++;
          pending.set(id, resolve);
          child.send({ id, request: req, secret: SECRET });
        }),
    };
  }

  it('node-redis and ioredis processes: 10% replays all refused, no fresh request refused, and of 1,000 requests sent to both at once never both accepted', async () => {
    const redis = await server();
    await established(redis.url, 'shared:');
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
    await established(redis.url, 'shared:');
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

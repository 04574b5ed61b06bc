/**
 * RedisNonceStore in the two highly available set-ups, against real redis-server processes
 * started here from PATH: a primary with a replica that had fallen behind, promoted with
 * `REPLICAOF NO ONE` (what Sentinel or a managed service does) under traffic with replays; and a
 * three-node Redis Cluster made with `redis-cli --cluster create`, where the prefix's hash tag
 * puts the marker and every nonce key of a check in one slot.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Cluster } from 'ioredis';
import { createCluster } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import type { NonceStore } from '../types.js';
import { RedisNonceStore } from './index.js';
import {
  establish,
  eventually,
  freePort,
  nextSecond,
  RedisServer,
  redisServerPath,
} from '../../../test/helpers/redis-server.js';
import { closeClients, figure, ioRedis, nodeRedis, request, verify } from '../../../test/helpers/redis-traffic.js';

const W = { maxFutureSkewSeconds: 2 };
const servers: RedisServer[] = [];
const dirs: string[] = [];
const closers: Array<() => unknown> = [];

async function server(args: string[] = []) {
  const s = await RedisServer.start(args);
  servers.push(s);
  return s;
}

afterAll(async () => {
  for (const close of closers) await close();
  await closeClients();
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('RedisNonceStore with high availability', () => {
  it('a replica that had fallen behind is promoted under traffic with replays: none accepted, fresh requests accepted again within seconds', async () => {
    const primary = await server();
    const replica = await server(['--replicaof', '127.0.0.1', String(primary.port)]);
    const p = await nodeRedis(primary.url);
    const r = await nodeRedis(replica.url);
    await establish((args) => p.sendCommand(args), 'paysig:nonce:');
    const onPrimary = new RedisNonceStore(ioRedis(primary.url), { timeoutMs: 300 });
    const onReplica = new RedisNonceStore(await nodeRedis(replica.url), { timeoutMs: 300 });
    let current = onPrimary; // what a Sentinel-aware client follows
    const router: NonceStore = { check: (...args) => current.check(...args) };

    const early = await Promise.all(Array.from({ length: 100 }, () => request()));
    for (const req of early) expect(await verify(req, router, W)).toBe('accepted');
    await eventually(async () => ((await r.dbSize()) === 101 ? 0 : Promise.reject(new Error('not replicated'))));
    // The replica loses its link (it keeps its data and stays a replica); the primary goes on.
    await r.sendCommand(['REPLICAOF', '127.0.0.1', String(await freePort())]);
    const late = await Promise.all(Array.from({ length: 100 }, () => request()));
    for (const req of late) expect(await verify(req, router, W)).toBe('accepted');
    const replays = [...early, ...late];

    const log: Array<{ replay: boolean; at: number; result: string }> = [];
    const round = async () => {
      const fresh = await request();
      const replay = replays[Math.floor(Math.random() * replays.length)]!;
      const [f, x] = await Promise.all([verify(fresh, router, W), verify(replay, router, W)]);
      log.push({ replay: false, at: Date.now(), result: f }, { replay: true, at: Date.now(), result: x });
    };
    for (let i = 0; i < 20; i++) await round();
    await primary.kill();
    await r.sendCommand(['REPLICAOF', 'NO', 'ONE']); // the promotion
    current = onReplica;
    const promoted = Date.now();
    expect(await r.dbSize()).toBe(101); // the replica never got the late nonces
    while (!log.some((e) => !e.replay && e.at > promoted && e.result === 'accepted')) await round();
    for (let i = 0; i < 20; i++) await round();
    for (const req of replays) expect(await verify(req, router, W)).not.toBe('accepted');

    expect(log.filter((e) => e.replay && e.result === 'accepted')).toEqual([]);
    const firstAccepted = log.find((e) => !e.replay && e.at > promoted && e.result === 'accepted')!.at;
    const refused = log.filter((e) => !e.replay && e.at > promoted && e.at < firstAccepted);
    expect(refused.length).toBeGreaterThan(0); // the fence held fresh requests back for a while...
    expect(log.filter((e) => !e.replay && e.at > firstAccepted && e.result !== 'accepted')).toEqual([]); // ...then none
    figure('replica promotion, maxFutureSkewSeconds 2: fresh requests refused for', `${firstAccepted - promoted} ms`);
  });

  it('Redis Cluster, three nodes: the hash tag puts each check in one slot; node-redis and ioredis cluster clients share the memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysig-cluster-'));
    dirs.push(dir);
    const nodes: RedisServer[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const node = new RedisServer(port, [
        ...['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`)],
        ...['--dir', dir, '--dbfilename', `dump-${port}.rdb`, '--save', '', '--appendonly', 'no'],
      ]);
      servers.push(node);
      await node.restart();
      nodes.push(node);
    }
    // redis-cli from the same place as redis-server (PATH).
    const cli = join(dirname(redisServerPath()), 'redis-cli');
    const made = spawnSync(cli, ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-yes'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(made.status, made.stdout + made.stderr).toBe(0);
    for (const n of nodes) {
      const c = await nodeRedis(n.url);
      await eventually(async () =>
        String(await c.sendCommand(['CLUSTER', 'INFO'])).includes('cluster_state:ok')
          ? 0
          : Promise.reject(new Error('cluster not ready')),
      );
    }

    const nr = createCluster({ rootNodes: [{ url: nodes[0]!.url }] });
    nr.on('error', () => {});
    await nr.connect();
    closers.push(() => nr.destroy());
    const io = new Cluster([{ host: '127.0.0.1', port: nodes[1]!.port }]);
    io.on('error', () => {});
    closers.push(() => io.disconnect());
    const prefix = '{paysig}:nonce:';
    const [a, b] = [new RedisNonceStore(nr, { prefix }), new RedisNonceStore(io, { prefix })];
    expect([a.flavor, b.flavor]).toEqual(['node-redis', 'ioredis']);
    await a.ready(); // a new Redis: a first run
    await b.ready();
    await nextSecond();
    const Z = { maxFutureSkewSeconds: 0 };
    const reqs = await Promise.all(Array.from({ length: 50 }, () => request()));
    for (const [i, req] of reqs.entries()) expect(await verify(req, i % 2 ? a : b, Z)).toBe('accepted');
    for (const [i, req] of reqs.entries()) expect(await verify(req, i % 2 ? b : a, Z)).toBe('ERR_OAUTH_NONCE_REPLAYED');
    // All 51 keys (marker and nonces) sit on the one node that serves the tag's slot.
    const sizes = await Promise.all(nodes.map(async (n) => (await nodeRedis(n.url)).dbSize()));
    expect(sizes.sort((x, y) => x - y)).toEqual([0, 0, 51]);
    // One bucket without a hash tag: the marker and the nonce key land in different slots; ready()
    // refuses it, and a check without ready() is refused by Redis, naming the fix. (Without
    // "buckets", a prefix without a hash tag shards by merchant: cluster.test.ts.)
    const untagged = new RedisNonceStore(io, { prefix: 'paysig:nonce:', buckets: 1 });
    await expect(untagged.ready()).rejects.toThrow(/needs a hash tag/);
    const now = Math.floor(Date.now() / 1000);
    await expect(untagged.check('c', 'n', now, 5, { maxSkewSeconds: 5, now })).rejects.toThrow(
      /different slots\. Put a hash tag in the prefix/,
    );
  });
});

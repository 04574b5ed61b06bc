/**
 * RedisNonceStore sharded by merchant on a local 3-master Redis Cluster (issue 30.2), real
 * redis-server processes started here from PATH in a temporary directory and joined with
 * `redis-cli --cluster create`: with the store's defaults (a prefix without a hash tag) merchants
 * spread over 1024 buckets, each with its own hash tag and loss marker, so every master holds a
 * share of the keys, and one master's restart without persistence refuses only the merchants
 * whose buckets it holds. `ready()` refuses a one-bucket configuration whose keys would cross slots.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Cluster } from 'ioredis';
import { createCluster } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisNonceStore } from './index.js';
import { eventually, freePort, RedisServer, redisServerPath, sleep } from '../../../test/helpers/redis-server.js';
import { closeClients, figure, nodeRedis } from '../../../test/helpers/redis-traffic.js';

const servers: RedisServer[] = [];
const dirs: string[] = [];
const closers: Array<() => unknown> = [];

afterAll(async () => {
  for (const close of closers) await close();
  await closeClients();
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function cluster(): Promise<RedisServer[]> {
  const dir = mkdtempSync(join(tmpdir(), 'paysig-cluster-'));
  dirs.push(dir);
  const nodes: RedisServer[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    const node = new RedisServer(port, [
      ...['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`)],
      // A master without a replica that is down must not stop the other masters.
      ...['--cluster-require-full-coverage', 'no', '--cluster-node-timeout', '1000'],
      ...['--dir', dir, '--dbfilename', `dump-${port}.rdb`, '--save', '', '--appendonly', 'no'],
    ]);
    servers.push(node);
    await node.restart();
    nodes.push(node);
  }
  const cli = join(dirname(redisServerPath()), 'redis-cli');
  const made = spawnSync(cli, ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-yes'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(made.status, made.stdout + made.stderr).toBe(0);
  await clusterOk(nodes);
  return nodes;
}

async function clusterOk(nodes: RedisServer[]): Promise<void> {
  for (const n of nodes) {
    const c = await nodeRedis(n.url);
    await eventually(
      async () =>
        String(await c.sendCommand(['CLUSTER', 'INFO'])).includes('cluster_state:ok')
          ? 0
          : Promise.reject(new Error('cluster not ready')),
      20_000,
    );
  }
}

/** Which node (index) holds a key: the one with keys in the key's slot (every bucket has its marker). */
async function owner(nodes: RedisServer[], key: string): Promise<number> {
  const admin = await nodeRedis(nodes[0]!.url);
  const slot = String(await admin.sendCommand(['CLUSTER', 'KEYSLOT', key]));
  for (const [i, n] of nodes.entries()) {
    const c = await nodeRedis(n.url);
    if (Number(await c.sendCommand(['CLUSTER', 'COUNTKEYSINSLOT', slot])) > 0) return i;
  }
  throw new Error(`no node holds ${key}`);
}

const ctx = () => {
  const now = Math.floor(Date.now() / 1000);
  return { ts: now, c: { maxSkewSeconds: 300, maxFutureSkewSeconds: 2, now } };
};
const outcome = (p: Promise<boolean>) =>
  p.then(
    (ok) => (ok ? 'accepted' : 'replay'),
    (e: { code?: string }) => e.code ?? 'thrown',
  );

describe('RedisNonceStore sharded by merchant on Redis Cluster', () => {
  it('3 masters, store defaults: each master holds >= 20 % of the keys of 300 merchants, 0 replays, and one master restarted empty refuses only its merchants', {
    timeout: 120_000,
  }, async () => {
    const nodes = await cluster();
    const io = new Cluster(
      nodes.map((n) => ({ host: '127.0.0.1', port: n.port })),
      { clusterRetryStrategy: () => 100, redisOptions: { maxRetriesPerRequest: 1 } },
    );
    io.on('error', () => {});
    closers.push(() => io.disconnect());
    const nr = createCluster({ rootNodes: nodes.map((n) => ({ url: n.url })) });
    nr.on('error', () => {});
    await nr.connect();
    closers.push(() => nr.destroy());
    const [a, b] = [new RedisNonceStore(io), new RedisNonceStore(nr)];
    expect([a.buckets, b.buckets]).toEqual([1024, 1024]);
    await a.ready(); // every shard empty: a first run
    await b.ready();

    const merchants = Array.from({ length: 300 }, (_, i) => `merchant-${i}`);
    const { ts, c } = ctx();
    const first = await Promise.all(merchants.map((m, i) => outcome((i % 2 ? a : b).check(m, 'n1', ts, 300, c))));
    expect(first.filter((x) => x === 'accepted').length).toBe(300);
    const again = await Promise.all(merchants.map((m, i) => outcome((i % 2 ? b : a).check(m, 'n1', ts, 300, c))));
    expect(again.filter((x) => x === 'accepted').length).toBe(0); // 0 replays, across client libraries
    // Each master's share of the 300 nonce keys.
    const shares = await Promise.all(
      nodes.map(async (n) => {
        const d = await nodeRedis(n.url);
        let count = 0;
        let cursor = '0';
        do {
          const [next, keys] = (await d.sendCommand(['SCAN', cursor, 'MATCH', '*}n:*', 'COUNT', '1000'])) as [
            string,
            string[],
          ];
          cursor = next;
          count += keys.length;
        } while (cursor !== '0');
        return count / 300;
      }),
    );
    figure(
      "share of 300 merchants' nonce keys per master (3 masters)",
      shares.map((x) => `${(x * 100).toFixed(0)} %`).join(', '),
    );
    for (const share of shares) expect(share).toBeGreaterThanOrEqual(0.2); // before: 0 %, 0 %, 100 %

    // Restart master 0 without persistence: its buckets' markers and nonces are gone.
    const where = await Promise.all(merchants.map(async (m) => owner(nodes, await a.markerKey(m))));
    await nodes[0]!.kill();
    await nodes[0]!.restart();
    await clusterOk(nodes);
    await sleep(500);
    const { ts: t2, c: c2 } = ctx();
    const replays = await eventually(async () => {
      const r = await Promise.all(merchants.map((m, i) => outcome((i % 2 ? a : b).check(m, 'n1', ts, 300, c2))));
      if (r.some((x, i) => x === 'ERR_NONCE_STORE' && where[i] !== 0)) throw new Error('cluster not settled');
      return r;
    }, 20_000);
    expect(replays.filter((x) => x === 'accepted').length).toBe(0); // the lost ones are refused too
    const fresh = await Promise.all(merchants.map((m, i) => outcome((i % 2 ? b : a).check(m, 'n2', t2, 300, c2))));
    const lostShard = merchants.filter((_, i) => where[i] === 0).length;
    const refused = fresh.filter((x, i) => x !== 'accepted' && where[i] === 0).length;
    const elsewhereRefused = fresh.filter((x, i) => x !== 'accepted' && where[i] !== 0).length;
    figure(
      'one master restarted empty: fresh requests refused',
      `${refused} of its ${lostShard} merchants, ${elsewhereRefused} of the other ${300 - lostShard}`,
    );
    expect(elsewhereRefused).toBe(0);
    expect(refused).toBe(lostShard);
  });

  it('ready() refuses one bucket with a prefix without a hash tag (the keys would cross slots), and a bucket count with one', async () => {
    const nodes = await cluster();
    const io = new Cluster([{ host: '127.0.0.1', port: nodes[0]!.port }]);
    io.on('error', () => {});
    closers.push(() => io.disconnect());
    await expect(new RedisNonceStore(io, { buckets: 1 }).ready()).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: expect.stringMatching(/needs a hash tag, or the marker and the nonce keys land in different slots/),
    });
    expect(() => new RedisNonceStore(io, { prefix: '{paysig}:nonce:', buckets: 16 })).toThrow(/must not hold one/);
    // A hash tag in the prefix: one bucket, everything in one slot (as before).
    const tagged = new RedisNonceStore(io, { prefix: '{paysig}:nonce:' });
    expect(tagged.buckets).toBe(1);
    await tagged.ready();
  });
});

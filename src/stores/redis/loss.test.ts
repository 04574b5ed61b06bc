/**
 * RedisNonceStore after Redis lost nonces, against real redis-server processes started here from
 * PATH: a FLUSHALL with requests from the wipe's own second and from clients 1 to 299 s ahead, a
 * restore of an older snapshot seen by a verifier started afterwards and by an older one, and an
 * evicting policy switched on at run time (volatile-lru keeps the marker, allkeys-lru drops it).
 * After each: 0 replays accepted, and fresh requests accepted again once past the fence.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisNonceStore } from './index.js';
import { establish, eventually, nextSecond, RedisServer, sleep } from '../../../test/helpers/redis-server.js';
import {
  closeClients,
  figure,
  ioRedis,
  nodeRedis,
  refusedFor,
  request,
  type SignedRequest,
  verify,
} from '../../../test/helpers/redis-traffic.js';

/** A 2 s future bound keeps each test short; the refusal after a loss lasts about this long (+1 s). */
const W = { maxFutureSkewSeconds: 2 };
const servers: RedisServer[] = [];
const dirs: string[] = [];

async function server(args: string[] = []) {
  const s = await RedisServer.start(args);
  servers.push(s);
  return s;
}
const accepted = async (reqs: SignedRequest[], at: (i: number) => RedisNonceStore, extra = W) =>
  (await Promise.all(reqs.map((r, i) => verify(r, at(i), extra)))).filter((x) => x === 'accepted').length;

afterAll(async () => {
  await closeClients();
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('RedisNonceStore after a loss', () => {
  it("FLUSHALL: requests from the wipe's own second and from clients 1..299 s ahead are all refused, and nothing later", async () => {
    const redis = await server();
    const admin = await nodeRedis(redis.url);
    const [a, b] = [new RedisNonceStore(admin), new RedisNonceStore(ioRedis(redis.url))];
    await establish((args) => admin.sendCommand(args), 'paysig:nonce:');
    const wide = { maxFutureSkewSeconds: 300 }; // the old symmetric window: fast clocks up to 300 s
    const fast = await Promise.all(Array.from({ length: 299 }, (_, i) => request(i + 1)));
    expect(await accepted(fast, (i) => (i % 2 ? a : b), wide)).toBe(299);
    await nextSecond();
    const same = await Promise.all(Array.from({ length: 20 }, () => request()));
    expect(await accepted(same, (i) => (i % 2 ? a : b), wide)).toBe(20);
    await admin.sendCommand(['FLUSHALL']);
    expect(Math.floor(Date.now() / 1000)).toBe(same[0]!.timestamp); // the wipe's own second
    // Before the fence: 24/24 and 200/200 of these were replayed.
    expect(await accepted([...same, ...fast], (i) => (i % 2 ? b : a), wide)).toBe(0);
    expect(await verify(await request(), a, wide)).toBe('ERR_NONCE_STORE'); // could be a fast clock's
    // Nothing more: the first timestamp past the fence (loss + 300 s) is accepted, from a client 300 s ahead.
    await nextSecond();
    expect(await verify(await request(300), b, wide)).toBe('accepted');
    // With the 2 s bound, a client on time waits about 3 s.
    await admin.sendCommand(['FLUSHALL']);
    const { ms } = await refusedFor(() => request(), a, W);
    figure('FLUSHALL, maxFutureSkewSeconds 2: fresh requests refused for', `${ms} ms`);
    expect(await accepted(same, () => b)).toBe(0);
  });

  it('restored from an older snapshot: a verifier started after the restore, and then an older one, refuse every replay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysig-redis-'));
    dirs.push(dir);
    const redis = await server(['--dir', dir, '--dbfilename', 'dump.rdb', '--save', '', '--appendonly', 'no']);
    const nr = await nodeRedis(redis.url);
    const older = new RedisNonceStore(nr, { timeoutMs: 500 });
    await establish((args) => nr.sendCommand(args), 'paysig:nonce:');
    await nr.sendCommand(['SAVE']);
    const lost = await Promise.all(Array.from({ length: 100 }, (_, i) => request(i % 3)));
    expect(await accepted(lost, () => older)).toBe(100);
    await redis.kill(); // the 100 nonces after the snapshot are lost; the marker is not
    await redis.restart();
    const fresh = new RedisNonceStore(ioRedis(redis.url), { timeoutMs: 500 }); // knows nothing of before
    await eventually(() => fresh.ready());
    // It handles fresh traffic first (300 requests refused, then accepted, in the issue): the older
    // verifier's view does not matter, the marker in Redis says which server wrote it.
    const { ms } = await refusedFor(() => request(), fresh, W);
    figure('restore of an older snapshot, maxFutureSkewSeconds 2: fresh requests refused for', `${ms} ms`);
    expect(await accepted(lost, () => fresh)).toBe(0); // 100/100 replayed before
    expect(await eventually(() => older.ready().then(() => accepted(lost, () => older)))).toBe(0); // 200/200 before
    expect(await verify(await request(), older, W)).toBe('accepted');
  });

  it("a verifier whose clock runs 60 s ahead cannot accept a timestamp further ahead of Redis's clock than the future bound", async () => {
    const redis = await server();
    const admin = await nodeRedis(redis.url);
    const s = new RedisNonceStore(admin);
    await establish((args) => admin.sendCommand(args), 'paysig:nonce:');
    const fast = { maxFutureSkewSeconds: 30, now: Date.now() / 1000 + 60 };
    // Fresh for this verifier (15 s behind its clock), but 45 s ahead of Redis's: past any fence.
    await expect(verify(await request(45), s, fast)).resolves.toBe('ERR_NONCE_STORE');
    await expect(verify(await request(25), s, fast)).resolves.toBe('accepted');
  });

  for (const policy of ['volatile-lru', 'allkeys-lru']) {
    it(`${policy} switched on at run time: every evicted nonce is refused at the next check, and the policy within a second`, async () => {
      const redis = await server();
      const admin = await nodeRedis(redis.url);
      // assumeNoEviction: this store never reads the policy, only the script's eviction count guards it.
      const blind = new RedisNonceStore(ioRedis(redis.url), { assumeNoEviction: true });
      const watching = new RedisNonceStore(await nodeRedis(redis.url));
      await establish((args) => admin.sendCommand(args), 'paysig:nonce:');
      const reqs = await Promise.all(Array.from({ length: 300 }, () => request()));
      expect(await accepted(reqs, (i) => (i % 2 ? blind : watching))).toBe(300);
      const switched = Date.now();
      await admin.sendCommand(['CONFIG', 'SET', 'maxmemory-policy', policy]);
      await admin.sendCommand(['CONFIG', 'SET', 'maxmemory', '1']); // everything it may evict goes
      await eventually(async () => ((await admin.dbSize()) <= 1 ? 0 : Promise.reject(new Error('not yet'))));
      await admin.sendCommand(['CONFIG', 'SET', 'maxmemory', '0']); // room again, policy unchanged
      const marker = await admin.exists('paysig:nonce:marker');
      expect(marker).toBe(policy === 'volatile-lru' ? 1 : 0); // no TTL: volatile-* never evicts it
      // Before: 300/300 replays within the minute between policy reads.
      expect(await accepted(reqs, () => blind)).toBe(0);
      await sleep(Math.max(0, switched + 1000 - Date.now()));
      await expect(watching.ready()).rejects.toThrow(new RegExp(`maxmemory-policy is "${policy}"`));
      const { ms } = await refusedFor(() => request(), blind, W);
      figure(`${policy} eviction, maxFutureSkewSeconds 2: fresh requests refused for`, `${ms} ms`);
    });
  }
});

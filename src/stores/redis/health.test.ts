/**
 * The store's out-of-band checks, without a server: a node-redis look-alike whose role,
 * `maxmemory-policy`, `appendfsync` and connection state a test sets. The health probe runs at most
 * once a second; a replica (or any role but master) is refused by name; an evicting policy is
 * refused, and a cluster client tolerates a failed policy read for 30 s after a good one; a client
 * never connected lets at most 1024 checks wait for it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisNonceStore } from './index.js';
import { failure, offlineGate, reply, T } from '../../../test/helpers/fake-redis.js';

const D0 = T * 1000;

interface Server {
  role: string;
  policy: unknown;
  fsync: unknown;
  /** Rejects CONFIG GET of the policy when set. */
  configError?: Error | undefined;
  /** Never answers (a client waiting to connect). */
  hang?: boolean;
}

function lookAlike(server: Server, extra: Record<string, unknown> = {}) {
  const health: string[][] = [];
  const checks: string[][] = [];
  const never = new Promise<never>(() => {});
  const client = {
    isOpen: true,
    ...extra,
    eval(script: string, o: { arguments: string[] }): Promise<unknown> {
      if (server.hang) return never;
      if (script.includes("'INFO', 'replication'")) {
        health.push(o.arguments);
        return Promise.resolve([server.role, 0, Date.now(), 0]);
      }
      checks.push(o.arguments);
      const r = reply(1);
      r[5] = Date.now();
      return Promise.resolve(r);
    },
    configGet(p: string): Promise<unknown> {
      if (server.hang) return never;
      if (p === 'maxmemory-policy' && server.configError) return Promise.reject(server.configError);
      return Promise.resolve({ [p]: p === 'appendfsync' ? server.fsync : server.policy });
    },
  };
  return { client, health, checks };
}

const healthy = (): Server => ({ role: 'master', policy: 'noeviction', fsync: 'everysec' });
const PRIMARY_FIX =
  "not a primary: nonces recorded there never reach the primary (and a replica's data can be replaced by a re-sync), so every request is refused. Point the client at the primary";

afterEach(() => {
  vi.useRealTimers();
});

describe('RedisNonceStore out-of-band checks', () => {
  it('refuses a replica, and any role but master, by name', async () => {
    for (const [role, named] of [
      ['slave', 'replica'],
      ['sentinel', 'sentinel'],
    ]) {
      const { client, checks } = lookAlike({ ...healthy(), role: role! });
      const e = await failure(new RedisNonceStore(client).check('c', 'n', T, 10));
      expect(e).toMatchObject({ code: 'ERR_NONCE_STORE', message: `Redis is a ${named}, ${PRIMARY_FIX}` });
      expect(checks).toEqual([]);
    }
  });

  it('refuses an evicting policy by name, before any check', async () => {
    for (const policy of ['allkeys-lru', 'volatile-ttl', undefined]) {
      const { client, checks } = lookAlike({ ...healthy(), policy });
      const e = await failure(new RedisNonceStore(client).check('c', 'n', T, 10));
      expect(e).toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: `Redis maxmemory-policy is ${JSON.stringify(policy)}: it may evict nonces, and an evicted nonce can be replayed. Set it to noeviction (or see assumeNoEviction)`,
      });
      expect(checks).toEqual([]);
    }
  });

  it("tells the probe whether the server fsyncs every write (appendfsync always), and nothing when CONFIG can't say", async () => {
    for (const [fsync, sent] of [
      ['always', 'always'],
      ['everysec', ''],
      ['no', ''],
      [undefined, ''],
    ] as const) {
      const { client, health } = lookAlike({ ...healthy(), fsync });
      await new RedisNonceStore(client).check('c', 'n', T, 10);
      expect(health, String(fsync)).toEqual([['', '0', sent]]);
    }
    const { client, health } = lookAlike(healthy());
    const failing = Object.assign(client, {
      configGet: (p: string) =>
        p === 'appendfsync' ? Promise.reject(new Error('ERR no')) : Promise.resolve({ [p]: 'noeviction' }),
    });
    expect(await new RedisNonceStore(failing).check('c', 'n', T, 10)).toBe(true);
    expect(health).toEqual([['', '0', '']]);
  });

  it('probes at most once a second, and passes the marker it last saw', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(D0);
    const { client, health } = lookAlike(healthy());
    const store = new RedisNonceStore(client);
    await store.check('c', 'a', T, 10);
    vi.setSystemTime(D0 + 999);
    await store.check('c', 'b', T, 10);
    expect(health).toHaveLength(1);
    vi.setSystemTime(D0 + 1000);
    await store.check('c', 'c', T, 10);
    // The second probe passes the generation and counter of the last check's reply.
    expect(health).toEqual([
      ['', '0', ''],
      ['1.1', '1', ''],
    ]);
  });

  it('with a cluster client, tolerates a failed policy read for 30 s after a good one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(D0);
    const server = healthy();
    const { client, health } = lookAlike(server, { isCluster: true });
    const store = new RedisNonceStore(client, { prefix: '{p}:' });
    expect(await store.check('c', 'a', T, 10)).toBe(true);
    expect(health).toEqual([]); // no probe in a cluster: one node could not speak for the others
    server.configError = new Error('ERR connection lost');
    vi.setSystemTime(D0 + 29_000);
    expect(await store.check('c', 'b', T, 10)).toBe(true);
    vi.setSystemTime(D0 + 30_000);
    expect(await failure(store.check('c', 'c', T, 10))).toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: 'cannot read maxmemory-policy: CONFIG GET failed (ERR connection lost)',
    });
    // A single-node client tolerates none, even a second after a good read.
    const alone = healthy();
    const single = new RedisNonceStore(lookAlike(alone).client);
    expect(await single.check('c', 'a', T, 10)).toBe(true);
    alone.configError = new Error('ERR connection lost');
    vi.setSystemTime(D0 + 31_000);
    expect(await failure(single.check('c', 'b', T, 10))).toMatchObject({
      message: 'cannot read maxmemory-policy: CONFIG GET failed (ERR connection lost)',
    });
  });

  it('lets at most 1024 checks wait for a client never connected, and counts them down as they end', async () => {
    // The timeouts run on a fake clock, and the extra check is sent only once the 1024 have reached
    // the connection gate (see offlineGate).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server: Server = { ...healthy(), hang: true };
    const { client } = lookAlike(server);
    const gate = offlineGate(client);
    const store = new RedisNonceStore(client, { timeoutMs: 200 });
    const waiting = Array.from({ length: 1024 }, (_, i) => failure(store.check('c', `n${i}`, T, 10)));
    await gate.reached(1024);
    expect(gate.count()).toBe(1024);
    expect(await failure(store.check('c', 'one more', T, 10))).toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: 'Redis is not connected yet and 1024 checks already wait for it: request refused at once',
    });
    await vi.advanceTimersByTimeAsync(200);
    for (const e of await Promise.all(waiting)) expect(e.message).toBe('Redis did not answer within 200 ms');
    // They ended: the next check waits again (and times out), it is not refused at once.
    const later = failure(store.check('c', 'later', T, 10));
    await gate.reached(1026); // the 1024, the one refused, and this one
    await vi.advanceTimersByTimeAsync(200);
    expect((await later).message).toBe('Redis did not answer within 200 ms');
  });
});

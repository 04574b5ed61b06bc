/**
 * RedisNonceStore after lost nonces and under an evicting policy, with scripted fake clients (no
 * server): which future bound it sends, what it refuses after a wipe, a restart or failover (another
 * run_id) and an eviction (the fake re-states the check script; the real one: loss.test.ts), how often
 * it reads maxmemory-policy, and what it says when it cannot.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisNonceStore } from './index.js';
import { failure, fakeIORedis, fakeNodeRedis, reply, scripted, T } from '../../../test/helpers/fake-redis.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('RedisNonceStore: lost nonces', () => {
  it("sends the verifier's future bound (ms); without one its maxSkewSeconds, without a window the TTL", async () => {
    const { client, sent } = scripted(reply(1));
    const s = new RedisNonceStore(client);
    const bound = async (context?: unknown, ttl = 7) => {
      await s.check('c', 'n', T, ttl, context as never);
      return sent.at(-1)![2];
    };
    expect(await bound({ maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: T })).toBe('30000');
    expect(await bound({ maxSkewSeconds: 300, maxFutureSkewSeconds: 0.0004, now: T })).toBe('1');
    expect(await bound({ maxSkewSeconds: 300, maxFutureSkewSeconds: 0, now: T })).toBe('0');
    expect(await bound({ maxSkewSeconds: 300, maxFutureSkewSeconds: 1e300, now: T })).toBe(String(2 ** 51));
    expect(await bound({ maxSkewSeconds: 300, now: T })).toBe('300000');
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '5', null]) {
      expect(await bound({ maxSkewSeconds: 20, maxFutureSkewSeconds: bad, now: T })).toBe('20000');
    }
    expect(await bound(undefined, 7)).toBe('7000');
    expect(await bound(undefined, 2.5)).toBe('2500');
  });

  it('after a wipe, an older copy of the data, another lineage, or an eviction: refuses every timestamp up to the loss plus the future bound, and nothing later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let redisNow = T * 1000 + 400;
    const c = fakeNodeRedis(() => redisNow);
    c.deadlines = false; // the test steps Redis's clock
    const s = new RedisNonceStore(c);
    const at = (ts: number) =>
      s.check('c', `${ts}-${redisNow}`, ts, 300, { maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: ts });
    expect(await at(T)).toBe(true); // an established store
    expect(await at(T + 30)).toBe(true); // a client 30 s ahead
    for (const loss of [
      () => (c.marker = undefined), // FLUSHALL, restart without persistence, the marker evicted
      () => (c.marker!.c -= 1), // an older snapshot (restart, DEBUG RELOAD, stale re-sync, failback)
      () => (c.marker = { ...c.marker!, g: '5.5', epoch: redisNow - 10_000 }), // another lineage, older than our sighting
      () => {
        c.evicted += 1; // an eviction, seen by the out-of-band probe within a second
        vi.setSystemTime(Date.now() + 1000);
      },
    ]) {
      loss();
      c.keys.clear();
      redisNow += 1000; // the loss is noticed at T + k + 0.4 s
      const L = Math.floor(redisNow / 1000);
      // Any timestamp seen before (up to L + 30, the same second included) is refused...
      for (const ts of [L - 1, L, L + 1, L + 29, L + 30]) {
        await expect(at(ts), String(ts - L)).rejects.toThrow(/lost its nonces/);
      }
      // ...and the next one is not, once it is within the future bound of Redis's clock.
      await expect(at(L + 31)).rejects.toThrow(/further in the future/); // 30.6 s ahead
      redisNow += 1000;
      expect(await at(L + 31)).toBe(true);
    }
  });

  it('a restart that lost nothing (same marker, same counter) refuses nothing; a loss another process recorded after our sighting is adopted, not recorded again', async () => {
    let redisNow = T * 1000 + 400;
    const c = fakeNodeRedis(() => redisNow);
    c.deadlines = false; // the test steps Redis's clock
    const s = new RedisNonceStore(c);
    const ctx = { maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: T };
    expect(await s.check('c', 'a', T, 300, ctx)).toBe(true);
    const kept = { ...c.marker! };
    c.marker = { ...kept }; // the same data back (AOF, a clean shutdown that saved)
    redisNow += 1000;
    expect(await s.check('c', 'b', T + 1, 300, ctx)).toBe(true);
    // Another process recorded a loss after our last sighting: we adopt it, the epoch does not move again.
    c.marker = { ...c.marker, g: '9.9', c: 0, epoch: redisNow + 500 };
    redisNow += 1000;
    await expect(s.check('c', 'c', T + 2, 300, ctx)).rejects.toThrow(/lost its nonces/);
    expect(c.marker.epoch).toBe(redisNow - 500);
  });

  it("refuses a timestamp further ahead of Redis's clock than the future bound, so none can outrun the fence", async () => {
    const redisNow = T * 1000;
    const s = new RedisNonceStore(fakeIORedis(() => redisNow));
    const ctx = { maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: T + 60 }; // a verifier 60 s ahead
    expect(await s.check('c', 'a', T + 30, 300, ctx)).toBe(true);
    await expect(s.check('c', 'b', T + 31, 300, ctx)).rejects.toThrow(/maxFutureSkewSeconds/);
  });

  it('ready() probes the marker and refuses a reply with a status the script never gives', async () => {
    const { client, sent } = scripted([8, 1, 5], reply(4));
    await expect(new RedisNonceStore(client).ready()).resolves.toBeUndefined();
    // A peek (the marker exists), then a probe; bounds of 0 never raise the marker's.
    expect(sent).toEqual([
      ['0', '0', '0', '', '0', '0', '0', '0', 'peek'],
      ['0', '0', '0', '', '0', '0', '0', '0', ''],
    ]);
    await expect(new RedisNonceStore(scripted([8, 1, 5], reply(9)).client).ready()).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: 'Redis gave an unexpected reply to the nonce check; request refused',
    });
  });
});

describe('RedisNonceStore: eviction policy', () => {
  it('reads maxmemory-policy again once a second has passed, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T * 1000);
    const c = fakeIORedis();
    const reads: number[] = [];
    const client = Object.assign(c, {
      config: (_op: string, parameter: string) => {
        if (parameter === 'maxmemory-policy') reads.push(Date.now());
        return Promise.resolve([parameter, c.policy]);
      },
    });
    const s = new RedisNonceStore(client);
    expect(await s.check('c', 'a', T, 10)).toBe(true);
    vi.setSystemTime(T * 1000 + 999);
    expect(await s.check('c', 'b', T, 10)).toBe(true);
    expect(reads).toEqual([T * 1000]);
    c.policy = 'allkeys-lru';
    vi.setSystemTime(T * 1000 + 1000);
    await expect(s.check('c', 'c', T, 10)).rejects.toThrow(/^Redis maxmemory-policy is "allkeys-lru"/);
    expect(reads).toEqual([T * 1000, T * 1000 + 1000]);
  });

  it('advises assumeNoEviction, and why it is dangerous, only when CONFIG is refused; says so when the client is closed', async () => {
    const unavailable = [
      new Error("ERR unknown command 'CONFIG', with args beginning with: 'GET' 'maxmemory-policy'"),
      new Error("NOPERM this user has no permissions to run the 'config|get' command"),
    ];
    const noConfigGet = fakeNodeRedis() as Partial<ReturnType<typeof fakeNodeRedis>>;
    delete noConfigGet.configGet;
    const noConfig = fakeIORedis() as Partial<ReturnType<typeof fakeIORedis>>;
    delete noConfig.config;
    for (const [client, why] of [
      ...unavailable.map((cause) => [
        Object.assign(fakeNodeRedis(), { configGet: () => Promise.reject(cause) }),
        cause,
      ]),
      [noConfigGet, { code: 'ERR_UNSUPPORTED', message: 'the client has no configGet method' }],
      [noConfig, { code: 'ERR_UNSUPPORTED', message: 'the client has no config method' }],
    ] as const) {
      const e = await failure(new RedisNonceStore(client as never).ready());
      expect(e).toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: expect.stringMatching(
          /^this Redis refuses CONFIG GET \(.*\), so the store cannot read maxmemory-policy\. .*noeviction.*assumeNoEviction: true\}?.*dangerous/,
        ),
      });
      expect(e.cause).toMatchObject(why);
    }
    // Another failure names it, without the dangerous advice.
    const reset = new Error('read ECONNRESET');
    const e = await failure(
      new RedisNonceStore(Object.assign(fakeNodeRedis(), { configGet: () => Promise.reject(reset) })).ready(),
    );
    expect(e.message).toBe('cannot read maxmemory-policy: CONFIG GET failed (read ECONNRESET)');
    expect(e.cause).toBe(reset);
    // A closed client: the cause, and the fix.
    const closed = new Error('The client is closed');
    for (const [client, message] of [
      [
        Object.assign(fakeNodeRedis(), { isOpen: false, configGet: () => Promise.reject(closed) }),
        /^the Redis client is not connected: await client\.connect\(\) first/,
      ],
      [
        Object.assign(fakeIORedis(), {
          status: 'end',
          config: () => Promise.reject(new Error('Connection is closed.')),
        }),
        /^the Redis client is not connected: it was closed/,
      ],
      [
        Object.assign(fakeIORedis(), { eval: () => Promise.reject(new Error('Connection is closed.')) }),
        /not connected/,
      ],
    ] as const) {
      const s = new RedisNonceStore(client as never);
      await expect(s.ready()).rejects.toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: expect.stringMatching(message),
      });
      await expect(s.ready()).rejects.not.toThrow(/assumeNoEviction/);
    }
  });

  it('refuses an answer that does not give the policy (another parameter, none, null) as an unknown policy', async () => {
    for (const client of [
      Object.assign(fakeIORedis(), { config: () => Promise.resolve(['maxmemory', 'noeviction']) }),
      Object.assign(fakeIORedis(), { config: () => Promise.resolve([]) }),
      Object.assign(fakeIORedis(), { config: () => Promise.resolve('noeviction') }),
      Object.assign(fakeNodeRedis(), { configGet: () => Promise.resolve({ maxmemory: 'noeviction' }) }),
      Object.assign(fakeNodeRedis(), { configGet: () => Promise.resolve(null) }),
    ]) {
      await expect(new RedisNonceStore(client).ready()).rejects.toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: expect.stringMatching(/^Redis maxmemory-policy is undefined: it may evict nonces/),
      });
    }
  });
});

/**
 * RedisNonceStore with scripted fake clients, no server: each test hands the store exactly the
 * reply, CONFIG answer or client shape under test and checks that it refuses (ERR_NONCE_STORE,
 * ERR_INVALID_INPUT) or accepts exactly when it should. Expected values are derived by hand from
 * the check script's contract (src/stores/redis/script.ts). The real script and clients: redis.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisNonceStore } from './index.js';
import { EPOCH, failure, fakeIORedis, fakeNodeRedis, reply, scripted, T } from '../../../test/helpers/fake-redis.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('RedisNonceStore.check', () => {
  it('refuses a timestamp that is not a non-negative safe integer, or a TTL that is not finite, before calling Redis', async () => {
    const { client, sent } = scripted(reply(1));
    const s = new RedisNonceStore(client);
    for (const [ts, ttl] of [
      [-1, 10],
      [1.5, 10],
      [2 ** 53, 10],
      [Number.NaN, 10],
      [T, Number.POSITIVE_INFINITY],
      [T, Number.NaN],
    ] as const) {
      await expect(s.check('c', 'n', ts, ttl)).rejects.toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: 'nonce check needs an integer timestamp and a finite TTL',
      });
    }
    expect(sent).toEqual([]);
    // 0 (1970-01-01T00:00:00Z) is an integer timestamp: Redis decides.
    expect(await s.check('c', 'n', 0, 10)).toBe(true);
    // ts, past and future bound, no generation seen yet, a deadline (Redis ms) within the
    // timeout, no sighting, keep from now (the TTL: no window); no mode (a check, not a probe).
    const [args] = sent;
    expect([...args!.slice(0, 5), ...args!.slice(6)]).toEqual(['0', '-1', '10000', '', '0', '0', '10000']);
    expect(Number(args![5])).toBeGreaterThan(Date.now() + 1000);
    expect(Number(args![5])).toBeLessThanOrEqual(Date.now() + 2000);
    // The next check passes the generation and counter of the last reply, and when it saw them.
    await s.check('c', 'n', 0, 10);
    expect([sent[1]![3], sent[1]![4], sent[1]![6]]).toEqual(['1.1', '1', String(T * 1000)]);
  });

  it('sends the past bound (the window; without a usable one -1, unknown, and the TTL from now as a floor)', async () => {
    const { client, sent } = scripted(reply(1));
    const s = new RedisNonceStore(client);
    const bounds = async (maxSkewSeconds?: unknown) => {
      await s.check(
        'c',
        'n',
        T,
        7.2,
        maxSkewSeconds === undefined ? undefined : { maxSkewSeconds: maxSkewSeconds as number, now: T },
      );
      const args = sent.at(-1)!;
      // A known window sends no keep (seven arguments): absent is 0.
      return [args[1], args[2], args[7] ?? '0'];
    };
    expect(await bounds(300)).toEqual(['300000', '300000', '0']);
    expect(sent.at(-1)).toHaveLength(7);
    expect(await bounds(0)).toEqual(['0', '0', '0']);
    expect(await bounds(0.0005)).toEqual(['1', '1', '0']);
    // The TTL, rounded up to whole seconds: a negative, infinite or non-numeric window is no window.
    for (const skew of [undefined, -1, Number.POSITIVE_INFINITY, Number.NaN, '5', null]) {
      expect(await bounds(skew)).toEqual(['-1', '7200', '8000']);
    }
  });

  it('expires a nonce at (timestamp + the largest window + 1) s by Redis time, or the TTL from now without a window', async () => {
    let now = T * 1000;
    const c = fakeNodeRedis(() => now);
    c.deadlines = false; // the test steps Redis's clock
    const s = new RedisNonceStore(c);
    expect(await s.check('c', 'a', T, 7.2, { maxSkewSeconds: 300, now: T })).toBe(true);
    expect([...c.keys.values()]).toEqual([T * 1000 + 301_000]);
    c.keys.clear();
    expect(await s.check('c', 'b', T, 7.2, { maxSkewSeconds: 5, now: T })).toBe(true); // kept for the largest
    expect([...c.keys.values()]).toEqual([T * 1000 + 301_000]);
    c.keys.clear();
    now += 400_000;
    expect(await s.check('c', 'c', T + 400, 900)).toBe(true); // no window: the TTL from now (above the recorded bound)
    expect([...c.keys.values()]).toEqual([(T + 400) * 1000 + 900_000]);
    c.keys.clear();
    expect(await s.check('c', 'd', T + 400, 2)).toBe(true); // no window: the recorded bound (above the TTL)
    expect([...c.keys.values()]).toEqual([(T + 400) * 1000 + 301_000]);
  });

  it("tells a timestamp before lost nonces from a clock ahead of Redis's, and refuses a status a check never gets", async () => {
    const at = (status: number) =>
      new RedisNonceStore(scripted(reply(status, EPOCH, EPOCH + 30_000)).client).check('c', 'n', T, 10, {
        maxSkewSeconds: 5,
        now: T,
      });
    expect(await at(1)).toBe(true);
    expect(await at(0)).toBe(false);
    await expect(at(2)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: expect.stringMatching(
        /^Redis lost its nonces at 2023-11-14T22:12:20\.000Z \(.*\): requests with a timestamp up to 2023-11-14T22:12:50\.000Z are refused/,
      ),
    });
    await expect(at(5)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: expect.stringMatching(/further in the future than maxFutureSkewSeconds: .* \(check NTP\)$/),
    });
    await expect(at(3)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: expect.stringMatching(
        /already left the window nonces are kept for: the verifier's clock is ahead of Redis's \(check NTP\), or a verifier with a shorter maxSkewSeconds/,
      ),
    });
    await expect(at(6)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: expect.stringMatching(/after its deadline .*nothing was recorded, so the request can be retried$/),
    });
    await expect(at(4)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: 'Redis gave an unexpected reply to the nonce check; request refused',
    });
  });

  it('reads digit strings as the integers of the reply, and refuses any other shape', async () => {
    const F = EPOCH + 3;
    const N = T * 1000;
    const check = (r: unknown) => new RedisNonceStore(scripted(r).client).check('c', 'n', T, 10);
    expect(await check(['1', String(EPOCH), String(F), '1.1', '7', String(N)])).toBe(true);
    expect(await check(['0', String(EPOCH), String(F), '1.1', '7', String(N)])).toBe(false);
    expect(await check([1, EPOCH, EPOCH, '1700000000.123456', 0, N])).toBe(true); // a fence at the epoch: no future bound
    expect(await check([1, 0, 30_000, '1.1', 0, N])).toBe(true); // epoch 0: whole since a first run
    for (const r of [
      'OK',
      'abc',
      [1, EPOCH, F, '1.1', 1],
      [1, EPOCH, F, '1.1', 1, N, 7],
      [1, EPOCH, F, '1.1', 1, 0], // no Redis time
      [1, -EPOCH, F, '1.1', 1, N],
      [1, EPOCH + 0.5, F, '1.1', 1, N],
      [1, 2 ** 53, F, '1.1', 1, N],
      [1, EPOCH, EPOCH - 1, '1.1', 1, N], // a fence before the epoch
      [1, EPOCH, 'x', '1.1', 1, N],
      [1, EPOCH, 2.5, '1.1', 1, N],
      [1, EPOCH, F, 11, 1, N], // a generation that is not a string
      [1, EPOCH, F, '', 1, N],
      [1, EPOCH, F, 'abc', 1, N],
      [1, EPOCH, F, '1.1', -1, N],
      [1, EPOCH, F, '1.1', '1.5', N],
      [true, EPOCH, F, '1.1', 1, N],
      ['', EPOCH, F, '1.1', 1, N],
      [' 1', EPOCH, F, '1.1', 1, N],
      ['1 ', EPOCH, F, '1.1', 1, N],
      ['+1', EPOCH, F, '1.1', 1, N],
      ['1e0', EPOCH, F, '1.1', 1, N],
      ['0x1', EPOCH, F, '1.1', 1, N],
      [7, EPOCH, F, '1.1', 1, N],
      [1, '12345678901234567', F, '1.1', 1, N],
      // Nested arrays print as their digits ("1"): only strings are read as numbers.
      [['1'], EPOCH, F, '1.1', 1, N],
      [1, [String(EPOCH)], F, '1.1', 1, N],
      [1, EPOCH, [F], '1.1', 1, N],
    ]) {
      await expect(check(r), JSON.stringify(r)).rejects.toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: 'Redis gave an unexpected reply to the nonce check; request refused',
      });
    }
  });

  it('wraps a client failure with its cause, and leaves no timer running once Redis has answered', async () => {
    const cause = new Error('ECONNREFUSED');
    const e = await failure(
      new RedisNonceStore(Object.assign(fakeIORedis(), { eval: () => Promise.reject(cause) })).check('c', 'n', T, 10),
    );
    expect(e).toMatchObject({ code: 'ERR_NONCE_STORE', message: 'Redis nonce check failed; request refused' });
    expect(e.cause).toBe(cause);
    vi.useFakeTimers();
    const s = new RedisNonceStore(fakeNodeRedis(), { timeoutMs: 60_000 });
    await s.ready();
    expect(await s.check('c', 'n', Math.floor(Date.now() / 1000), 10)).toBe(true);
    expect(vi.getTimerCount()).toBe(0); // a pending timer would hold a short-lived process for a minute
  });
});

describe('RedisNonceStore: client and options', () => {
  it('refuses what is not a usable client, or a flavor that is not one, naming the field and the rule', () => {
    for (const client of [undefined, null, 'redis://127.0.0.1:6379', { isOpen: true }]) {
      expect(() => new RedisNonceStore(client as never)).toThrow(
        expect.objectContaining({
          code: 'ERR_INVALID_INPUT',
          field: 'client',
          message: 'RedisNonceStore needs a node-redis or ioredis client (an object with an "eval" method)',
        }),
      );
    }
    const wrapper = { eval: () => Promise.resolve([4, EPOCH, EPOCH]) }; // neither isOpen nor a string status
    expect(() => new RedisNonceStore(wrapper)).toThrow(
      expect.objectContaining({
        field: 'flavor',
        message: 'cannot tell the Redis client library; pass { flavor: "node-redis" | "ioredis" }',
      }),
    );
    for (const flavor of ['x', 'IORedis', null]) {
      expect(() => new RedisNonceStore(wrapper, { flavor: flavor as never })).toThrow(
        expect.objectContaining({
          code: 'ERR_INVALID_INPUT',
          field: 'flavor',
          message: '"flavor" must be "node-redis" or "ioredis"',
        }),
      );
    }
    expect(new RedisNonceStore(wrapper, { flavor: 'ioredis' }).flavor).toBe('ioredis');
  });

  it('validates options with errors that name the field and the rule; the bounds themselves are accepted', () => {
    for (const [options, field, message] of [
      [null, 'options', 'RedisNonceStore options must be an object'],
      ['paysig:', 'options', 'RedisNonceStore options must be an object'],
      [{ prefix: 'x'.repeat(257) }, 'prefix', '"prefix" must be a string of at most 256 characters'],
      [{ timeoutMs: 0 }, 'timeoutMs', '"timeoutMs" must be an integer from 1 to 2147483647'],
      [{ timeoutMs: '100' }, 'timeoutMs', '"timeoutMs" must be an integer from 1 to 2147483647'],
      [{ assumeNoEviction: 1 }, 'assumeNoEviction', '"assumeNoEviction" must be a boolean'],
    ] as const) {
      expect(() => new RedisNonceStore(fakeNodeRedis(), options as never)).toThrow(
        expect.objectContaining({ code: 'ERR_INVALID_INPUT', field, message }),
      );
    }
    expect(() => new RedisNonceStore(fakeNodeRedis(), { prefix: 'x'.repeat(256), timeoutMs: 1 })).not.toThrow();
  });

  it('leaves a client with only half of the EventEmitter API alone', () => {
    const onOnly = Object.assign(fakeNodeRedis(), { on: vi.fn() });
    expect(() => new RedisNonceStore(onOnly)).not.toThrow();
    expect(onOnly.on).not.toHaveBeenCalled();
    expect(() => new RedisNonceStore(Object.assign(fakeNodeRedis(), { listenerCount: () => 0 }))).not.toThrow();
  });
});

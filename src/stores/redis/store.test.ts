/**
 * RedisNonceStore with scripted fake clients, no server: each test hands the store exactly the
 * reply, CONFIG answer or client shape under test and checks that it refuses (ERR_NONCE_STORE,
 * ERR_INVALID_INPUT) or accepts exactly when it should. Expected values are derived by hand from
 * the check script's contract (src/stores/redis/script.ts). The real script and clients: redis.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisNonceStore } from './index.js';
import { fakeIORedis, fakeNodeRedis } from '../../../test/helpers/fake-redis.js';

/** 2023-11-14T22:13:20Z, in seconds. */
const T = 1_700_000_000;
/** A store epoch (ms) a minute before T: 2023-11-14T22:12:20.000Z. */
const EPOCH = T * 1000 - 60_000;

/** A node-redis look-alike whose `eval` answers `replies` in turn (the last one again and again). */
function scripted(...replies: unknown[]) {
  const sent: string[][] = [];
  const client = {
    isOpen: true,
    eval(_script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown> {
      sent.push(options.arguments);
      return Promise.resolve(replies.length > 1 ? replies.shift() : replies[0]);
    },
    configGet: (parameter: string) => Promise.resolve({ [parameter]: 'noeviction' }),
  };
  return { client, sent };
}

/** The error a promise rejects with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('resolved'),
    (e: unknown) => e as Error,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('RedisNonceStore.check', () => {
  it('refuses a timestamp that is not a non-negative safe integer, or a TTL that is not finite, before calling Redis', async () => {
    const { client, sent } = scripted([1, EPOCH, EPOCH]);
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
    expect(sent).toEqual([['0', 'PX', '10000', '10000']]);
  });

  it('expires a nonce at (timestamp + window + 1) s for a window from 0 up; without a usable window, after the TTL', async () => {
    const { client, sent } = scripted([1, EPOCH, EPOCH]);
    const s = new RedisNonceStore(client);
    const expiry = async (maxSkewSeconds?: unknown) => {
      await s.check(
        'c',
        'n',
        T,
        7.2,
        maxSkewSeconds === undefined ? undefined : { maxSkewSeconds: maxSkewSeconds as number, now: T },
      );
      return sent.at(-1)!.slice(1, 3);
    };
    expect(await expiry(300)).toEqual(['PXAT', '1700000301000']);
    expect(await expiry(0)).toEqual(['PXAT', '1700000001000']);
    expect(await expiry(0.0005)).toEqual(['PXAT', '1700000001001']);
    // The TTL, rounded up to whole seconds: a negative, infinite or non-numeric window is no window.
    for (const skew of [undefined, -1, Number.POSITIVE_INFINITY, Number.NaN, '5', null]) {
      expect(await expiry(skew)).toEqual(['PX', '8000']);
    }
  });

  it("tells a timestamp before lost nonces from a clock ahead of Redis's, and refuses a status a check never gets", async () => {
    const at = (status: number) =>
      new RedisNonceStore(scripted([status, EPOCH, EPOCH + 30_000]).client).check('c', 'n', T, 10, {
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
        /already left the window: the verifier's clock is ahead of Redis's \(check NTP\)$/,
      ),
    });
    await expect(at(4)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: 'Redis gave an unexpected reply to the nonce check; request refused',
    });
  });

  it('reads digit strings as the integers of the reply, and refuses any other shape', async () => {
    const F = EPOCH + 3;
    const check = (reply: unknown) => new RedisNonceStore(scripted(reply).client).check('c', 'n', T, 10);
    expect(await check(['1', String(EPOCH), String(F)])).toBe(true);
    expect(await check(['0', String(EPOCH), String(F)])).toBe(false);
    expect(await check([1, EPOCH, EPOCH])).toBe(true); // a fence at the epoch itself: no future bound
    for (const reply of [
      'OK',
      'abc',
      [1, EPOCH],
      [1, EPOCH, 3, 4],
      [1, 0, 0],
      [1, -EPOCH, F],
      [1, EPOCH + 0.5, F],
      [1, 2 ** 53, F],
      [1, EPOCH, EPOCH - 1], // a fence before the epoch
      [1, EPOCH, 0],
      [1, EPOCH, 'x'],
      [1, EPOCH, 2.5],
      [true, EPOCH, F],
      ['', EPOCH, F],
      [' 1', EPOCH, F],
      ['1 ', EPOCH, F],
      ['+1', EPOCH, F],
      ['1e0', EPOCH, F],
      ['0x1', EPOCH, F],
      [1, '12345678901234567', F],
      // Nested arrays print as their digits ("1"): only strings are read as numbers.
      [['1'], EPOCH, F],
      [1, [String(EPOCH)], F],
      [1, EPOCH, [F]],
    ]) {
      await expect(check(reply), JSON.stringify(reply)).rejects.toMatchObject({
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

describe('RedisNonceStore: lost nonces', () => {
  it("sends the verifier's future bound (ms); without one its maxSkewSeconds, without a window the TTL", async () => {
    const { client, sent } = scripted([1, EPOCH, EPOCH]);
    const s = new RedisNonceStore(client);
    const bound = async (context?: unknown, ttl = 7) => {
      await s.check('c', 'n', T, ttl, context as never);
      return sent.at(-1)![3];
    };
    expect(await bound({ maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: T })).toBe('30000');
    expect(await bound({ maxSkewSeconds: 300, maxFutureSkewSeconds: 0.0004, now: T })).toBe('1');
    expect(await bound({ maxSkewSeconds: 300, maxFutureSkewSeconds: 0, now: T })).toBe('0');
    expect(await bound({ maxSkewSeconds: 300, now: T })).toBe('300000');
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '5', null]) {
      expect(await bound({ maxSkewSeconds: 20, maxFutureSkewSeconds: bad, now: T })).toBe('20000');
    }
    expect(await bound(undefined, 7)).toBe('7000');
    expect(await bound(undefined, 2.5)).toBe('2500');
  });

  it('after a wipe, a restart or failover, or an eviction: refuses every timestamp up to the loss plus the future bound, and nothing later', async () => {
    let redisNow = T * 1000 + 400;
    const c = fakeNodeRedis(() => redisNow);
    const s = new RedisNonceStore(c);
    const at = (ts: number) =>
      s.check('c', `${ts}-${redisNow}`, ts, 300, { maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: ts });
    expect(await at(T)).toBe(true); // an established store
    expect(await at(T + 30)).toBe(true); // a client 30 s ahead
    for (const loss of [
      () => (c.marker = undefined), // FLUSHALL, restart without persistence, the marker evicted
      () => (c.run = `run-${redisNow}`), // restart from a snapshot, promoted replica
      () => (c.evicted += 1), // an eviction
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

  it("refuses a timestamp further ahead of Redis's clock than the future bound, so none can outrun the fence", async () => {
    const redisNow = T * 1000;
    const s = new RedisNonceStore(fakeIORedis(() => redisNow));
    const ctx = { maxSkewSeconds: 300, maxFutureSkewSeconds: 30, now: T + 60 }; // a verifier 60 s ahead
    expect(await s.check('c', 'a', T + 30, 300, ctx)).toBe(true);
    await expect(s.check('c', 'b', T + 31, 300, ctx)).rejects.toThrow(/maxFutureSkewSeconds/);
  });

  it('ready() probes the marker and refuses a reply with a status the script never gives', async () => {
    const { client, sent } = scripted([4, EPOCH, EPOCH]);
    await expect(new RedisNonceStore(client).ready()).resolves.toBeUndefined();
    expect(sent).toEqual([['0', 'PX', '1', '0']]); // a future bound of 0 never raises the marker's
    await expect(new RedisNonceStore(scripted([9, EPOCH, EPOCH]).client).ready()).rejects.toMatchObject({
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
        reads.push(Date.now());
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

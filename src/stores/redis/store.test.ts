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
    const { client, sent } = scripted([1, EPOCH, 1]);
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
    expect(sent).toEqual([['0', '0', '0', 'PX', '10000']]);
  });

  it('expires a nonce at (timestamp + window + 1) s for a window from 0 up; without a usable window, after the TTL', async () => {
    const { client, sent } = scripted([1, EPOCH, 1]);
    const s = new RedisNonceStore(client);
    const expiry = async (maxSkewSeconds?: unknown) => {
      await s.check(
        'c',
        'n',
        T,
        7.2,
        maxSkewSeconds === undefined ? undefined : { maxSkewSeconds: maxSkewSeconds as number, now: T },
      );
      return sent.at(-1)!.slice(3);
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
      new RedisNonceStore(scripted([status, EPOCH, 1]).client).check('c', 'n', T, 10, { maxSkewSeconds: 5, now: T });
    expect(await at(1)).toBe(true);
    expect(await at(0)).toBe(false);
    await expect(at(2)).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: expect.stringMatching(/^Redis lost its nonces .* signed before 2023-11-14T22:12:20\.000Z are refused/),
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
    const check = (reply: unknown) => new RedisNonceStore(scripted(reply).client).check('c', 'n', T, 10);
    expect(await check(['1', String(EPOCH), '3'])).toBe(true);
    expect(await check(['0', String(EPOCH), '3'])).toBe(false);
    for (const reply of [
      'OK',
      'abc',
      [1, EPOCH],
      [1, EPOCH, 3, 4],
      [1, 0, 3],
      [1, -EPOCH, 3],
      [1, EPOCH + 0.5, 3],
      [1, 2 ** 53, 3],
      [1, EPOCH, 0],
      [1, EPOCH, 'x'],
      [1, EPOCH, 2.5],
      [true, EPOCH, 3],
      ['', EPOCH, 3],
      [' 1', EPOCH, 3],
      ['1 ', EPOCH, 3],
      ['+1', EPOCH, 3],
      ['1e0', EPOCH, 3],
      ['0x1', EPOCH, 3],
      [1, '12345678901234567', 3],
      // Nested arrays print as their digits ("1"): only strings are read as numbers.
      [['1'], EPOCH, 3],
      [1, [String(EPOCH)], 3],
      [1, EPOCH, [3]],
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
  it('tells Redis the newest epoch and the highest counter it saw, whatever order the replies come in', async () => {
    // A lower counter than one already seen would let a rollback to between the two go unnoticed.
    const later = EPOCH + 5000;
    const { client, sent } = scripted(
      [1, EPOCH, 5],
      [1, EPOCH, 3], // an older reply of the same epoch, late
      [1, EPOCH, 7],
      [1, later, 2], // a wipe: a new epoch starts a new count
      [1, EPOCH, 9], // a late reply from before the wipe
      [1, later, 2],
    );
    const s = new RedisNonceStore(client);
    for (let i = 0; i < 6; i++) await s.check('c', String(i), T, 10);
    expect(sent.map((args) => args.slice(0, 2))).toEqual([
      ['0', '0'],
      [String(EPOCH), '5'],
      [String(EPOCH), '5'],
      [String(EPOCH), '7'],
      [String(later), '2'],
      [String(later), '2'],
    ]);
  });

  it('ready() notices a rollback too, and the replays it would let through are refused', async () => {
    let redisNow = T * 1000;
    const c = fakeNodeRedis(() => redisNow);
    const s = new RedisNonceStore(c);
    const check = () => s.check('c', 'n', T, 300, { maxSkewSeconds: 300, now: T });
    await s.ready(); // counter 1
    expect(await check()).toBe(true); // counter 2
    c.marker = { epoch: c.marker!.epoch!, n: 1 }; // a snapshot from between the two, without the nonce
    c.keys.clear();
    redisNow += 5000;
    await s.ready(); // counter 2 again: not above what this process saw
    await expect(check()).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: expect.stringMatching(/lost its nonces/),
    });
  });

  it('ready() refuses a reply with a status the script never gives', async () => {
    await expect(new RedisNonceStore(scripted([4, EPOCH, 1]).client).ready()).resolves.toBeUndefined();
    await expect(new RedisNonceStore(scripted([9, EPOCH, 1]).client).ready()).rejects.toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: 'Redis gave an unexpected reply to the nonce check; request refused',
    });
  });
});

describe('RedisNonceStore: eviction policy', () => {
  it('reads maxmemory-policy again once a minute has passed, not before', async () => {
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
    vi.setSystemTime(T * 1000 + 59_999);
    expect(await s.check('c', 'b', T, 10)).toBe(true);
    expect(reads).toEqual([T * 1000]);
    c.policy = 'allkeys-lru';
    vi.setSystemTime(T * 1000 + 60_000);
    await expect(s.check('c', 'c', T, 10)).rejects.toThrow(/^Redis maxmemory-policy is "allkeys-lru"/);
    expect(reads).toEqual([T * 1000, T * 1000 + 60_000]);
  });

  it('says why the policy cannot be read, with the cause', async () => {
    const cause = new Error("ERR unknown command 'CONFIG'");
    const refused = Object.assign(fakeNodeRedis(), { configGet: () => Promise.reject(cause) });
    const noConfigGet = fakeNodeRedis() as Partial<ReturnType<typeof fakeNodeRedis>>;
    delete noConfigGet.configGet;
    const noConfig = fakeIORedis() as Partial<ReturnType<typeof fakeIORedis>>;
    delete noConfig.config;
    for (const [client, why] of [
      [refused, cause],
      [noConfigGet, { code: 'ERR_UNSUPPORTED', message: 'the client has no configGet method' }],
      [noConfig, { code: 'ERR_UNSUPPORTED', message: 'the client has no config method' }],
    ] as const) {
      const e = await failure(new RedisNonceStore(client as never).ready());
      expect(e).toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: expect.stringMatching(
          /^cannot read maxmemory-policy \(CONFIG GET failed\)\. .*assumeNoEviction: true/,
        ),
      });
      expect(e.cause).toMatchObject(why);
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
    const wrapper = { eval: () => Promise.resolve([4, EPOCH, 1]) }; // neither isOpen nor a string status
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

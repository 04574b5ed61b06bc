/**
 * RedisNonceStore with scripted fake clients, no server: each test hands the store exactly the
 * reply, CONFIG answer or client shape under test and checks that it refuses (ERR_NONCE_STORE,
 * ERR_INVALID_INPUT) or accepts exactly when it should. Expected values are derived by hand from
 * the check script's contract (src/stores/redis/script.ts). The real script and clients: redis.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisNonceStore } from './index.js';
import { EPOCH, failure, fakeIORedis, fakeNodeRedis, scripted, T } from '../../../test/helpers/fake-redis.js';

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

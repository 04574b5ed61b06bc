/**
 * The two client libraries as the store sees them, without a server: look-alikes of node-redis
 * (`isOpen`, `isReady`, `evalSha`, `eval`, `configGet`) and ioredis (`status`, `evalsha`, `eval`,
 * `config`) that record every call. The store runs a script by its SHA-1 and sends the body only
 * after Redis answers NOSCRIPT; it tells a closed client (create or connect one) and a reconnecting
 * one (refused at once) from a failing Redis.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RedisNonceStore } from './index.js';
import { CHECK_SCRIPT } from './script.js';
import { failure, reply, T } from '../../../test/helpers/fake-redis.js';

const HEALTHY = ['master', 0, T * 1000, 0];
const isHealth = (script: string) => script.includes("'INFO', 'replication'");
const CHECK_SHA = createHash('sha1').update(CHECK_SCRIPT).digest('hex');

/** A node-redis look-alike whose `evalSha` gives `shaAnswer` (a reply, or an Error to reject with). */
function nodeRedisLike(shaAnswer: unknown, state: { isOpen?: unknown; isReady?: unknown } = { isOpen: true }) {
  const calls: string[] = [];
  const answer = (x: unknown) => (x instanceof Error ? Promise.reject(x) : Promise.resolve(x));
  const client = Object.assign(state, {
    evalSha(sha: string, _o: { keys: string[]; arguments: string[] }) {
      calls.push(`evalSha ${sha === CHECK_SHA ? 'check' : 'health'}`);
      return answer(sha === CHECK_SHA ? shaAnswer : HEALTHY);
    },
    eval(script: string, _o: { keys: string[]; arguments: string[] }) {
      calls.push(`eval ${isHealth(script) ? 'health' : 'check'}`);
      return Promise.resolve(isHealth(script) ? HEALTHY : reply(1));
    },
    configGet: (p: string) => Promise.resolve({ [p]: 'noeviction' }),
  });
  return { client, calls };
}

/** An ioredis look-alike whose `evalsha` gives `shaAnswer` (a reply, or an Error to reject with). */
function ioRedisLike(shaAnswer: unknown, status = 'ready') {
  const calls: string[] = [];
  const answer = (x: unknown) => (x instanceof Error ? Promise.reject(x) : Promise.resolve(x));
  const client = {
    status,
    evalsha(sha: string, ..._rest: unknown[]) {
      calls.push(`evalsha ${sha === CHECK_SHA ? 'check' : 'health'}`);
      return answer(sha === CHECK_SHA ? shaAnswer : HEALTHY);
    },
    eval(script: string, ..._rest: unknown[]) {
      calls.push(`eval ${isHealth(script) ? 'health' : 'check'}`);
      return Promise.resolve(isHealth(script) ? HEALTHY : reply(1));
    },
    config: (_op: string, p: string) => Promise.resolve([p, 'noeviction']),
  };
  return { client, calls };
}

const check = (store: RedisNonceStore, nonce = 'n-1') => store.check('merchant', nonce, T, 300);
const NOSCRIPT = () => new Error('NOSCRIPT No matching script. Please use EVAL.');

describe('RedisNonceStore through the client libraries', () => {
  it('runs the check by its SHA-1, and sends the script only when Redis answers NOSCRIPT', async () => {
    for (const [make, evalsha] of [
      [nodeRedisLike, 'evalSha'],
      [ioRedisLike, 'evalsha'],
    ] as const) {
      const held = make(reply(1));
      expect(await check(new RedisNonceStore(held.client))).toBe(true);
      expect(held.calls).toEqual([`${evalsha} health`, `${evalsha} check`]);
      const unknown = make(NOSCRIPT());
      expect(await check(new RedisNonceStore(unknown.client))).toBe(true);
      expect(unknown.calls).toEqual([`${evalsha} health`, `${evalsha} check`, 'eval check']);
    }
  });

  it('does not send the script again after any other failure: the check is refused with that cause', async () => {
    for (const make of [nodeRedisLike, ioRedisLike]) {
      const cause = new Error('BUSY Redis is busy running a script');
      const { client, calls } = make(cause);
      const e = await failure(check(new RedisNonceStore(client)));
      expect(e).toMatchObject({ code: 'ERR_NONCE_STORE', message: 'Redis nonce check failed; request refused', cause });
      expect(calls.filter((c) => c === 'eval check')).toEqual([]);
    }
  });

  it('says how to fix a closed client: connect a node-redis client, create a new ioredis client', async () => {
    const nr = nodeRedisLike(reply(1), { isOpen: false });
    nr.client.configGet = () => Promise.reject(new Error('ERR boom'));
    expect(await failure(check(new RedisNonceStore(nr.client)))).toMatchObject({
      code: 'ERR_NONCE_STORE',
      message:
        'the Redis client is not connected: await client.connect() first (and do not close it while the store is in use)',
    });
    const io = ioRedisLike(reply(1), 'end');
    io.client.config = () => Promise.reject(new Error('ERR boom'));
    expect(await failure(check(new RedisNonceStore(io.client)))).toMatchObject({
      code: 'ERR_NONCE_STORE',
      message:
        'the Redis client is not connected: it was closed (quit or disconnect) or gave up reconnecting; create a new client',
    });
    // The same failure on an open client is Redis's.
    const open = ioRedisLike(reply(1), 'ready');
    open.client.config = () => Promise.reject(new Error('ERR boom'));
    expect((await failure(check(new RedisNonceStore(open.client)))).message).toBe(
      'cannot read maxmemory-policy: CONFIG GET failed (ERR boom)',
    );
  });

  it('refuses at once while a client that was connected reconnects; a lazy ioredis client (wait) is not reconnecting', async () => {
    const reconnecting = 'Redis is not connected (the client is reconnecting): request refused at once, nothing queued';
    const nr = nodeRedisLike(reply(1), { isOpen: true, isReady: true });
    const nrStore = new RedisNonceStore(nr.client);
    expect(await check(nrStore, 'a')).toBe(true);
    nr.client.isReady = false;
    expect(await failure(check(nrStore, 'b'))).toMatchObject({ code: 'ERR_NONCE_STORE', message: reconnecting });
    expect(nr.calls.filter((c) => c.endsWith('check'))).toEqual(['evalSha check']);

    for (const [status, refused] of [
      ['reconnecting', true],
      ['connecting', true],
      ['wait', false],
      ['ready', false],
    ] as const) {
      const io = ioRedisLike(reply(1));
      const store = new RedisNonceStore(io.client);
      expect(await check(store, 'a')).toBe(true);
      io.client.status = status;
      if (refused) expect(await failure(check(store, 'b')), status).toMatchObject({ message: reconnecting });
      else expect(await check(store, 'b'), status).toBe(true);
    }
  });
});

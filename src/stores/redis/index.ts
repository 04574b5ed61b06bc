/**
 * `paysig/redis`: a {@link NonceStore} on Redis (6.2 or later), shared by every verifier process,
 * with no runtime dependency: bring your own connected client, node-redis (v4, v5) or ioredis.
 *
 * Each check is one atomic script: so of two verifiers that see the same request at once only one
 * accepts it; the nonce expires at an absolute time derived from the request's timestamp by
 * Redis's clock (`SET key 1 PXAT t NX`); and lost nonces (wipe, restart, restore, failover,
 * eviction) are noticed by every process alike (see {@link RedisNonceStore}).
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { verifyOAuth } from 'paysig';
 * import { RedisNonceStore } from 'paysig/redis';
 *
 * const client = createClient({ url: 'redis://127.0.0.1:6379' });
 * client.on('error', (e) => log.warn('redis', e)); // without a listener, node-redis crashes the process
 * await client.connect();
 * const nonceStore = new RedisNonceStore(client, { prefix: 'myapp:nonce:' });
 * await nonceStore.ready(); // start-up checks: eviction policy, marker
 * await verifyOAuth(request, { credentials, nonceStore });
 * ```
 *
 * @module
 */
import { NonceStoreError } from '../../errors/index.js';
import type { NonceCheckContext, NonceStore } from '../types.js';
import {
  guardErrorEvents,
  isClosedError,
  redisCalls,
  type RedisCalls,
  type RedisClientFlavor,
  type RedisClientLike,
} from './client.js';
import { configFailure, refusal, scriptFailure } from './messages.js';
import { nonceKey, validateOptions } from './options.js';
import { CHECK_SCRIPT, readReply } from './script.js';

export type { NonceCheckContext, NonceStore } from '../types.js';
export type { RedisClientFlavor, RedisClientLike } from './client.js';

/** Options of {@link RedisNonceStore}. */
export interface RedisNonceStoreOptions {
  /** Prepended to every key; default `'paysig:nonce:'`. In Redis Cluster, include a hash tag: `'{paysig}:nonce:'`. */
  prefix?: string;
  /**
   * The client's library, only for a client that cannot be detected (a proxy or wrapper);
   * detection looks for node-redis's `isOpen` and ioredis's string `status`. A flavor that
   * contradicts the client is refused.
   */
  flavor?: RedisClientFlavor;
  /** Milliseconds to wait for Redis before failing closed: an integer from 1 to 2 147 483 647 (default 2000). */
  timeoutMs?: number;
  /**
   * Skip the `maxmemory-policy` check. **Dangerous unless the server runs with `noeviction`**:
   * with an evicting policy Redis drops keys under memory pressure. The store still notices each
   * eviction at its next check (the server's `evicted_keys` count moves) and then refuses every
   * request that could be a replay, but it learns of the policy only by its damage: each round of
   * evictions refuses fresh requests for `maxFutureSkewSeconds`. Set it only for a managed Redis
   * whose `CONFIG` command is disabled, after setting `noeviction` in the provider's settings.
   * Default `false`.
   */
  assumeNoEviction?: boolean;
}

/** How often (ms) a process reads `maxmemory-policy` again: an evicting policy switched on at run time is refused within this. */
const POLICY_RECHECK_MS = 1_000;

/**
 * A {@link NonceStore} on Redis. Any failure, timeout or unexpected reply rejects with
 * {@link NonceStoreError}, so the verifier fails closed (503), and the process never crashes:
 * when the client has no `'error'` listener, the store adds one (node-redis would otherwise throw
 * the event and end the process when Redis goes away).
 *
 * - **Eviction**: before its first check, and then at most a second apart, the store reads
 *   `maxmemory-policy` and refuses every request unless it is `noeviction` (see
 *   `assumeNoEviction`); an eviction itself is noticed at the next check, whatever the policy.
 * - **Lost nonces**: a marker without expiry records the server's `run_id` and `evicted_keys`. A
 *   missing marker (wipe, new Redis, evicted marker), another `run_id` (restart, restored
 *   snapshot, promoted replica) or another eviction count means nonces may be lost; every request
 *   whose timestamp could have been accepted before (up to the loss plus the future bound,
 *   `maxFutureSkewSeconds`) is then refused, and nothing later. Fresh requests are refused for
 *   that bound plus up to a second (about 31 s with the default 30 s) after a loss.
 * - **Clocks**: with the window from `verifyOAuth`, a nonce expires at
 *   `(timestamp + maxSkewSeconds + 1) s` by Redis's clock; a timestamp already past that, or
 *   further ahead than the future bound, by Redis's clock is refused.
 * - **Keys** are `prefix + 'n:' + 32 hex digits` (the first 32 hex digits of SHA-1 over the UTF-8
 *   JSON text `[consumerKey, nonce, timestamp]`), whatever the size of the request; the marker
 *   is `prefix + 'marker'`. In Redis Cluster both must be in one slot: put a hash tag in the prefix.
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis';
 * const nonceStore = new RedisNonceStore(new Redis('redis://127.0.0.1:6379'));
 * await nonceStore.ready();
 * ```
 */
export class RedisNonceStore implements NonceStore {
  readonly #calls: RedisCalls;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #assumeNoEviction: boolean;
  #policyCheckedAt = -Infinity;
  #policyCheck: Promise<void> | undefined;

  /**
   * @param client a node-redis or ioredis client (connected, or connecting)
   * @param options key prefix, timeout, eviction check, flavor of an undetectable client
   * @throws {@link index!InvalidInputError} for a client without `eval`, a flavor that cannot be
   *   told or contradicts the client, or an out-of-range option
   */
  constructor(client: RedisClientLike, options: RedisNonceStoreOptions = {}) {
    const o = validateOptions(options);
    this.#calls = redisCalls(client, o.flavor);
    this.#prefix = o.prefix;
    this.#timeoutMs = o.timeoutMs;
    this.#assumeNoEviction = o.assumeNoEviction;
    guardErrorEvents(client, () => {});
  }

  /** The client library detected (or given by `flavor`). */
  get flavor(): RedisClientFlavor {
    return this.#calls.flavor;
  }

  /** The Redis key of a triple: `prefix + 'n:' + 32 hex digits`. */
  key(consumerKey: string, nonce: string, timestamp: number): Promise<string> {
    return nonceKey(this.#prefix, consumerKey, nonce, timestamp);
  }

  /**
   * Runs the start-up checks now (connection, eviction policy, marker), so a misconfigured Redis
   * stops the deployment instead of refusing its traffic. Optional: the first `check` runs them
   * anyway. A new (or wiped) Redis counts as a loss: requests are refused for the future bound
   * after the first check, so call it before traffic.
   * @throws {@link index!NonceStoreError} naming what is wrong
   */
  async ready(): Promise<void> {
    await this.#withTimeout(async () => {
      await this.#policy();
      readReply(await this.#calls.evalScript(CHECK_SCRIPT, [this.#prefix + 'marker'], ['0', 'PX', '1', '0']));
    });
  }

  /** {@inheritDoc NonceStore.check} */
  async check(
    consumerKey: string,
    nonce: string,
    timestamp: number,
    ttlSeconds: number,
    context?: NonceCheckContext,
  ): Promise<boolean> {
    if (!Number.isSafeInteger(timestamp) || timestamp < 0 || !Number.isFinite(ttlSeconds)) {
      throw new NonceStoreError('nonce check needs an integer timestamp and a finite TTL');
    }
    const window = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);
    const skew = window(context?.maxSkewSeconds);
    // The future bound: the verifier's, else its symmetric window, else the TTL (an upper bound).
    const future = window(context?.maxFutureSkewSeconds) ?? skew ?? Math.max(0, ttlSeconds);
    // Absolute expiry from the request's timestamp when the window is known; else the TTL from now.
    const expiry: [string, string] =
      skew !== undefined
        ? ['PXAT', String(Math.ceil((timestamp + skew + 1) * 1000))]
        : ['PX', String(Math.max(1, Math.ceil(ttlSeconds)) * 1000)];
    const key = await this.key(consumerKey, nonce, timestamp);
    const reply = await this.#withTimeout(async () => {
      await this.#policy();
      // Capped at 2^51 ms (71,000 years) so the script's arithmetic and its reply stay exact integers.
      const args = [String(timestamp), ...expiry, String(Math.min(Math.ceil(future * 1000), 2 ** 51))];
      return readReply(await this.#calls.evalScript(CHECK_SCRIPT, [this.#prefix + 'marker', key], args));
    });
    if (reply.status === 1) return true;
    if (reply.status === 0) return false;
    throw new NonceStoreError(refusal(reply.status, reply.epoch, reply.fence));
  }

  /** Reads `maxmemory-policy` at most once a second (one read at a time); refuses anything but `noeviction`. */
  #policy(): Promise<void> {
    if (this.#assumeNoEviction || Date.now() - this.#policyCheckedAt < POLICY_RECHECK_MS) return Promise.resolve();
    this.#policyCheck ??= (async () => {
      let policy: unknown;
      try {
        policy = await this.#calls.configGet('maxmemory-policy');
      } catch (e) {
        throw this.#closed(e) ?? configFailure(e);
      }
      if (policy !== 'noeviction') {
        throw new NonceStoreError(
          `Redis maxmemory-policy is ${JSON.stringify(policy)}: it may evict nonces, and an evicted nonce can be replayed. Set it to noeviction (or see assumeNoEviction)`,
        );
      }
      this.#policyCheckedAt = Date.now();
    })().finally(() => {
      this.#policyCheck = undefined;
    });
    return this.#policyCheck;
  }

  /** The error for a client that is not connected, when that is the cause. */
  #closed(e: unknown): NonceStoreError | undefined {
    if (!this.#calls.closed() && !isClosedError(e)) return undefined;
    return new NonceStoreError(
      this.#calls.flavor === 'node-redis'
        ? 'the Redis client is not connected: await client.connect() first (and do not close it while the store is in use)'
        : 'the Redis client is not connected: it was closed (quit or disconnect) or gave up reconnecting; create a new client',
      { cause: e },
    );
  }

  async #withTimeout<T>(work: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new NonceStoreError(`Redis did not answer within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
    });
    try {
      return await Promise.race([work(), timeout]);
    } catch (e) {
      if (e instanceof NonceStoreError) throw e;
      throw this.#closed(e) ?? new NonceStoreError(scriptFailure(e), { cause: e });
    } finally {
      clearTimeout(timer);
    }
  }
}

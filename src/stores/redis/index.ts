/**
 * `paysig/redis`: a {@link NonceStore} on Redis (6.2 or later), shared by every verifier process,
 * with no runtime dependency: bring your own connected client, node-redis (v4, v5) or ioredis.
 *
 * Each check is one atomic script: so of two verifiers that see the same request at once only one
 * accepts it; the nonce expires at an absolute time derived from the request's timestamp by
 * Redis's clock (`SET key 1 PXAT t NX`); and lost nonces are noticed (see {@link RedisNonceStore}).
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
  redisCalls,
  type RedisCalls,
  type RedisClientFlavor,
  type RedisClientLike,
} from './client.js';
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
   * Skip the `maxmemory-policy` check. **Unsafe unless the server runs with `noeviction`**: with
   * an evicting policy Redis may drop nonces under memory pressure, and each dropped nonce can be
   * replayed. Set it only for a managed Redis whose `CONFIG` command is disabled, after setting
   * `noeviction` in the provider's settings. Default `false`.
   */
  assumeNoEviction?: boolean;
}

const POLICY_RECHECK_MS = 60_000;

/**
 * A {@link NonceStore} on Redis. Any failure, timeout or unexpected reply rejects with
 * {@link NonceStoreError}, so the verifier fails closed (503), and the process never crashes:
 * when the client has no `'error'` listener, the store adds one (node-redis would otherwise throw
 * the event and end the process when Redis goes away).
 *
 * - **Eviction**: before its first check, and every minute, the store reads `maxmemory-policy`
 *   and refuses every request unless it is `noeviction` (see `assumeNoEviction`).
 * - **Lost nonces**: a marker without expiry notices a wipe (restart without persistence,
 *   FLUSHALL) or a rollback (restored snapshot, failover to a lagging replica); requests signed
 *   before that moment are then refused, until they leave the window.
 * - **Clocks**: with the window from `verifyOAuth`, a nonce expires at
 *   `(timestamp + maxSkewSeconds + 1) s` by Redis's clock, and a timestamp already past that by
 *   Redis's clock is refused, so a verifier whose clock is off cannot outlive a nonce.
 * - **Keys** are `prefix + 'n:' + 32 hex digits` (the first 32 hex digits of SHA-1 over the UTF-8
 *   JSON text `[consumerKey, nonce, timestamp]`), whatever the size of the request; the marker
 *   is `prefix + 'marker'`.
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
  /** The newest epoch (Redis ms) and the highest counter under it that this process has seen. */
  #epoch = 0;
  #seen = 0;

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
   * Runs the start-up checks now (eviction policy, marker), so a misconfigured Redis stops the
   * deployment instead of refusing its traffic. Optional: the first `check` runs them anyway.
   * @throws {@link index!NonceStoreError} naming what is wrong
   */
  async ready(): Promise<void> {
    await this.#withTimeout(async () => {
      await this.#policy();
      this.#note(
        readReply(
          await this.#calls.evalScript(
            CHECK_SCRIPT,
            [this.#prefix + 'marker'],
            [String(this.#epoch), String(this.#seen)],
          ),
        ),
      );
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
    // Number.isFinite is false for anything but a finite number, so a missing window is NaN.
    const skew = context?.maxSkewSeconds ?? Number.NaN;
    // Absolute expiry from the request's timestamp when the window is known; else the TTL from now.
    const expiry: [string, string] =
      Number.isFinite(skew) && skew >= 0
        ? ['PXAT', String(Math.ceil((timestamp + skew + 1) * 1000))]
        : ['PX', String(Math.max(1, Math.ceil(ttlSeconds)) * 1000)];
    const key = await this.key(consumerKey, nonce, timestamp);
    const reply = await this.#withTimeout(async () => {
      await this.#policy();
      const args = [String(this.#epoch), String(this.#seen), String(timestamp), ...expiry];
      return readReply(await this.#calls.evalScript(CHECK_SCRIPT, [this.#prefix + 'marker', key], args));
    });
    this.#note(reply);
    if (reply.status === 1) return true;
    if (reply.status === 0) return false;
    if (reply.status === 2) {
      throw new NonceStoreError(
        `Redis lost its nonces (restart without persistence, flush, eviction or failover); requests signed before ${new Date(reply.epoch).toISOString()} are refused while they could be replays`,
      );
    }
    if (reply.status === 3) {
      throw new NonceStoreError(
        "by Redis's clock this timestamp has already left the window: the verifier's clock is ahead of Redis's (check NTP)",
      );
    }
    throw new NonceStoreError('Redis gave an unexpected reply to the nonce check; request refused');
  }

  #note(reply: { epoch: number; n: number }): void {
    if (reply.epoch > this.#epoch) {
      this.#epoch = reply.epoch;
      this.#seen = reply.n;
    } else if (reply.epoch === this.#epoch) this.#seen = Math.max(this.#seen, reply.n);
  }

  /** Reads `maxmemory-policy` once a minute (one read at a time); refuses anything but `noeviction`. */
  #policy(): Promise<void> {
    if (this.#assumeNoEviction || Date.now() - this.#policyCheckedAt < POLICY_RECHECK_MS) return Promise.resolve();
    this.#policyCheck ??= (async () => {
      let policy: unknown;
      try {
        policy = await this.#calls.configGet('maxmemory-policy');
      } catch (e) {
        throw new NonceStoreError(
          'cannot read maxmemory-policy (CONFIG GET failed). If your provider disables CONFIG, set maxmemory-policy to noeviction in its settings and pass { assumeNoEviction: true }',
          { cause: e },
        );
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
      throw new NonceStoreError('Redis nonce check failed; request refused', { cause: e });
    } finally {
      clearTimeout(timer);
    }
  }
}

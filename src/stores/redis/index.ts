/**
 * `paysig/redis`: a {@link NonceStore} on Redis (6.2 or later), shared by every verifier process,
 * with no runtime dependency: bring your own connected client, node-redis (v4, v5) or ioredis.
 *
 * Each check is one atomic script (about 1.5 plain `SET`s of Redis CPU; bench/README.md): so of two verifiers that see the same
 * request at once only one accepts it; the nonce expires at an absolute time derived from the
 * request's timestamp by Redis's clock (`SETNX key 1`, then `PEXPIREAT key t`), kept for the largest window any
 * verifier on that Redis uses; and lost or replaced data (wipe, restore of an older snapshot,
 * stale re-sync, failback, eviction) is noticed (see {@link RedisNonceStore}).
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
 * await nonceStore.ready(); // start-up checks: eviction policy, primary, marker (first run)
 * await verifyOAuth(request, { credentials, nonceStore });
 * ```
 *
 * @module
 */
import { sha1Hex } from '#crypto';
import { InvalidInputError, NonceStoreError } from '../../errors/index.js';
import type { NonceCheckContext, NonceStore } from '../types.js';
import {
  guardErrorEvents,
  isClosedError,
  redisCalls,
  type RedisCalls,
  type RedisClientFlavor,
  type RedisClientLike,
} from './client.js';
import { configFailure, refusal, replicaMessage, scriptFailure } from './messages.js';
import { bucketOf, bucketPrefix, CLUSTER_BUCKETS, hasHashTag, nonceKey, validateOptions } from './options.js';
import { CHECK_SCRIPT, HEALTH_SCRIPT, readHealth, readPeek, readReply, type CheckReply } from './script.js';

export type { NonceCheckContext, NonceStore } from '../types.js';
export type { RedisClientFlavor, RedisClientLike } from './client.js';

/**
 * Options of {@link RedisNonceStore}.
 *
 * @example
 * ```ts
 * import { Cluster } from 'ioredis';
 * // A cluster client and a prefix without a hash tag: merchants spread over the shards (1024 buckets).
 * const nonceStore = new RedisNonceStore(new Cluster([{ host: '10.0.0.1', port: 6379 }]), {
 *   prefix: 'myapp:nonce:',
 *   timeoutMs: 1000,
 * });
 * await nonceStore.ready();
 * ```
 */
export interface RedisNonceStoreOptions {
  /**
   * Prepended to every key; default `'paysig:nonce:'`. In Redis Cluster, either leave the hash tag
   * out (the store then shards by merchant: see `buckets`) or put one in to keep everything in one
   * slot: `'{paysig}:nonce:'`.
   */
  prefix?: string;
  /**
   * The client's library, only for a client that cannot be detected (a proxy or wrapper);
   * detection looks for node-redis's `isOpen` and ioredis's string `status`. A flavor that
   * contradicts the client is refused.
   */
  flavor?: RedisClientFlavor;
  /**
   * Milliseconds to wait for Redis before failing closed: an integer from 1 to 2 147 483 647
   * (default 2000). A check that reaches Redis too late to answer in time is refused by Redis
   * itself and records nothing, so a retry is not taken for a replay.
   */
  timeoutMs?: number;
  /**
   * Skip the `maxmemory-policy` check. **Dangerous unless the server runs with `noeviction`**:
   * with an evicting policy Redis drops keys under memory pressure. The store notices an eviction
   * within about a second (its out-of-band probe sees `evicted_keys` move) and then refuses every
   * request that could be a replay, but a nonce evicted in that second can be replayed, and each
   * round of evictions refuses fresh requests for `maxFutureSkewSeconds`. Set it only for a
   * managed Redis whose `CONFIG` command is disabled, after setting `noeviction` in the provider's
   * settings. Default `false`.
   */
  assumeNoEviction?: boolean;
  /**
   * How many buckets the merchants (consumers) are spread over, each with its own hash tag
   * (`prefix + '{b}'`) and its own loss marker, so that in Redis Cluster the load spreads over
   * the shards and a fault on one shard refuses only the merchants whose buckets it holds. An
   * integer from 1 to 16384. Default: 1024 for a cluster client whose prefix has no hash tag, else
   * 1 (one marker, keys `prefix + 'n:' + ...`, as before). Changing it on a running deployment
   * moves every merchant to a new bucket: treat it as a new store (see `ready`).
   */
  buckets?: number;
}

/** How often (ms) a process reads `maxmemory-policy`, the role and `evicted_keys` again (never per check). */
const HEALTH_MS = 1_000;

/** How long (ms) a cluster store keeps a good `maxmemory-policy` reading when a read fails (a node is down). */
const POLICY_GRACE_MS = 30_000;

/** At most this many checks wait for a client that has never been connected (the rest are refused at once). */
const OFFLINE_WAITERS = 1024;

/** What this process last saw of a marker: its generation, counter, and Redis's clock then. */
interface Sighting {
  g: string;
  c: number;
  seen: number;
}

/**
 * A {@link NonceStore} on Redis. Any failure, timeout or unexpected reply rejects with
 * {@link NonceStoreError}, so the verifier fails closed (503), and the process never crashes:
 * when the client has no `'error'` listener, the store adds one (node-redis would otherwise throw
 * the event and end the process when Redis goes away).
 *
 * - **A check** is one `EVALSHA` of a script that reads a marker hash, records the nonce with
 *   `SETNX` and `PEXPIREAT` in the same atomic step and bumps the marker's counter: no `INFO`.
 * - **Out of band**, before its first check and then about once a second, each process reads
 *   `maxmemory-policy` (refused unless `noeviction`; see `assumeNoEviction`), the server's role
 *   (a replica, read-only or writable, is refused: nonces recorded there never reach the
 *   primary) and `evicted_keys` (a change is recorded as a loss), and measures Redis's clock.
 * - **Lost or replaced data**: the marker holds a generation id and a counter bumped with every
 *   nonce recorded; each process remembers the last pair it saw. A missing marker (wipe, restart
 *   without persistence), a lower counter than this process saw (older snapshot restored or
 *   `DEBUG RELOAD`ed, a re-sync from a stale replica, a failback to an older primary), or another
 *   generation older than this process's sighting means nonces may be lost: every request whose
 *   timestamp could have been accepted before (up to the loss plus `maxFutureSkewSeconds`) is
 *   refused, and nothing later. A restart that lost nothing (AOF, a clean shutdown that saved)
 *   brings the marker back as it was, and refuses nothing. What a process that never saw the
 *   newer data cannot notice is in docs/verifying.md ("Redis faults").
 * - **Windows**: a nonce is kept until `timestamp + P + 1 s` by Redis's clock, `P` the largest
 *   `maxSkewSeconds` any verifier has used on that Redis (recorded in the marker), so verifiers
 *   with different windows never accept each other's nonces again; a timestamp that could have
 *   been recorded under a shorter window before it was raised is judged by that window.
 * - **Keys** are `prefix + 'n:' + 32 hex digits` (the first 32 hex digits of SHA-1 over the UTF-8
 *   JSON text `[consumerKey, nonce, timestamp]`), the marker `prefix + 'marker'`; with `buckets`,
 *   `prefix + '{b}n:...'` and `prefix + '{b}marker'`, `b` the merchant's bucket.
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
  readonly #buckets: number;
  readonly #sha: Promise<string>;
  readonly #healthSha: Promise<string>;
  /** Marker key -> what this process last saw of it. */
  readonly #seen = new Map<string, Sighting>();
  #healthAt = -Infinity;
  #health: Promise<void> | undefined;
  /** Redis's clock minus this process's (ms), and the uncertainty of that figure (half a round trip). */
  #offset: number | undefined;
  #offsetError = 0;
  #offsetAt = 0;
  /** When `maxmemory-policy` was last read as noeviction (a cluster tolerates a failed read for a while). */
  #policyOkAt = -Infinity;
  #evicted: number | undefined;
  /** Whether the client has been seen connected, and how many calls wait for it to connect. */
  #wasConnected = false;
  #offlineWaiters = 0;

  /**
   * @param client a node-redis or ioredis client (connected, or connecting), single node or cluster
   * @param options key prefix, timeout, eviction check, buckets, flavor of an undetectable client
   * @throws {@link index!InvalidInputError} for a client without `eval`, a flavor that cannot be
   *   told or contradicts the client, or an out-of-range option
   */
  constructor(client: RedisClientLike, options: RedisNonceStoreOptions = {}) {
    const o = validateOptions(options);
    this.#calls = redisCalls(client, o.flavor);
    this.#prefix = o.prefix;
    this.#timeoutMs = o.timeoutMs;
    this.#assumeNoEviction = o.assumeNoEviction;
    this.#buckets = o.buckets ?? (this.#calls.cluster && !hasHashTag(o.prefix) ? CLUSTER_BUCKETS : 1);
    this.#sha = sha1Hex(CHECK_SCRIPT);
    this.#healthSha = sha1Hex(HEALTH_SCRIPT);
    // A rejection here surfaces at the first use; never unhandled.
    this.#sha.catch(() => {});
    this.#healthSha.catch(() => {});
    guardErrorEvents(client, () => {});
  }

  /** The client library detected (or given by `flavor`). */
  get flavor(): RedisClientFlavor {
    return this.#calls.flavor;
  }

  /** How many buckets merchants are spread over (1: one marker, no per-merchant hash tag). */
  get buckets(): number {
    return this.#buckets;
  }

  /** The Redis key of a triple: `prefix + 'n:' + 32 hex digits` (with buckets, `prefix + '{b}n:...'`). */
  async key(consumerKey: string, nonce: string, timestamp: number): Promise<string> {
    return nonceKey(this.#bucketPrefix(await bucketOf(consumerKey, this.#buckets)), consumerKey, nonce, timestamp);
  }

  /** The marker key of a consumer's bucket. */
  async markerKey(consumerKey: string): Promise<string> {
    return this.#bucketPrefix(await bucketOf(consumerKey, this.#buckets)) + 'marker';
  }

  #bucketPrefix(bucket: number): string {
    return bucketPrefix(this.#prefix, this.#buckets, bucket);
  }

  /**
   * Runs the start-up checks now (connection, eviction policy, primary, Cluster slots, markers), so
   * a misconfigured Redis stops the deployment instead of refusing its traffic, and creates the
   * markers. Call it before traffic: on a Redis whose database holds no key at all (a first run)
   * it creates the markers as a first run, and nothing is refused; a missing marker anywhere else
   * (a database with other keys, or a marker gone later) counts as a loss, refusing requests for
   * the future bound.
   * @throws {@link index!NonceStoreError} naming what is wrong
   */
  async ready(): Promise<void> {
    if (this.#calls.cluster && this.#buckets === 1 && !hasHashTag(this.#prefix)) {
      throw new NonceStoreError(
        `Redis Cluster: with one bucket the prefix ${JSON.stringify(this.#prefix)} needs a hash tag, or the marker and the nonce keys land in different slots (CROSSSLOT). Leave "buckets" out (the store then shards by merchant) or use a prefix like "{paysig}:nonce:"`,
      );
    }
    await this.#withTimeout(async () => {
      await this.#healthy(true);
      const markers = Array.from({ length: this.#buckets }, (_, b) => this.#bucketPrefix(b) + 'marker');
      const sha = await this.#sha;
      const peeks = await Promise.all(
        markers.map(async (m) =>
          readPeek(await this.#calls.evalScript(CHECK_SCRIPT, sha, [m], this.#probeArgs(m, 'peek'))),
        ),
      );
      // A first run only when every shard's database is empty and no marker exists.
      const first = peeks.every((x) => !x.exists && x.dbsize === 0);
      await Promise.all(
        markers.map(async (m) => {
          const sent = performance.now();
          const r = readReply(
            await this.#calls.evalScript(CHECK_SCRIPT, sha, [m], this.#probeArgs(m, first ? 'first' : '')),
          );
          this.#clock(r.now, sent, performance.now());
          this.#learn(m, r);
        }),
      );
    }, true);
  }

  #probeArgs(marker: string, mode: string): string[] {
    const s = this.#seen.get(marker);
    return ['0', '0', '0', s?.g ?? '', String(s?.c ?? 0), '0', String(s?.seen ?? 0), '0', mode];
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
    // Capped at 2^51 ms (71,000 years) so the script's arithmetic and its reply stay exact integers.
    const ms = (s: number) => String(Math.min(Math.ceil(s * 1000), 2 ** 51));
    const skew = window(context?.maxSkewSeconds);
    // The future bound: the verifier's, else its symmetric window, else the TTL (an upper bound).
    const future = window(context?.maxFutureSkewSeconds) ?? skew ?? Math.max(0, ttlSeconds);
    // The past bound: the verifier's window; without one, unknown (-1): kept for the TTL from now,
    // or the largest window recorded, whichever is later.
    const past = skew === undefined ? '-1' : ms(skew);
    const keep = skew === undefined ? Math.max(1, Math.ceil(ttlSeconds)) * 1000 : 0;
    const bucket = this.#bucketPrefix(await bucketOf(consumerKey, this.#buckets));
    const key = await nonceKey(bucket, consumerKey, nonce, timestamp);
    const marker = bucket + 'marker';
    const reply = await this.#withTimeout(async (started) => {
      await this.#healthy(false);
      const s = this.#seen.get(marker);
      // Seven arguments for a plain check: Redis parses, and its Lua allocates, every one.
      const args = [
        String(timestamp),
        past,
        ms(future),
        s?.g ?? '',
        String(s?.c ?? 0),
        String(this.#deadline(started)),
        String(s?.seen ?? 0),
      ];
      if (keep > 0 || this.#assumeNoEviction) args.push(String(keep));
      if (this.#assumeNoEviction) args.push('', '1');
      const sha = await this.#sha;
      const sent = performance.now();
      const r = readReply(await this.#calls.evalScript(CHECK_SCRIPT, sha, [marker, key], args));
      this.#clock(r.now, sent, performance.now());
      return r;
    });
    this.#learn(marker, reply);
    if (reply.status === 1) return true;
    if (reply.status === 0) return false;
    throw new NonceStoreError(refusal(reply.status, reply.epoch, reply.fence));
  }

  /**
   * The latest Redis time (ms) at which the script may still record the nonce: when this process's
   * timer will have fired by then, the reply would be thrown away and a recorded nonce would make
   * a retry look like a replay. A margin of a quarter of the timeout (at most 500 ms) plus the
   * clock offset's uncertainty leaves time for the reply to travel back. 0 (none) until the
   * offset is known.
   */
  #deadline(started: number): number {
    if (this.#offset === undefined) return 0;
    const margin = Math.min(500, this.#timeoutMs / 4) + this.#offsetError;
    return Math.max(1, Math.floor(started + this.#offset + this.#timeoutMs - margin));
  }

  /** Remembers the newest generation and counter seen of a marker. */
  #learn(marker: string, r: CheckReply): void {
    if (r.status === 6) return;
    const s = this.#seen.get(marker);
    if (s === undefined || s.g !== r.generation) {
      this.#seen.set(marker, { g: r.generation, c: r.counter, seen: r.now });
    } else {
      s.c = Math.max(s.c, r.counter);
      s.seen = Math.max(s.seen, r.now);
    }
  }

  /**
   * The out-of-band checks, at most once a second (one at a time): `maxmemory-policy` (refused
   * unless `noeviction`), the role (refused unless primary), `evicted_keys` (a change is recorded
   * as a loss on every marker this process knows), and Redis's clock. A failure fails the check.
   */
  #healthy(force: boolean): Promise<void> {
    if (!force && Date.now() - this.#healthAt < HEALTH_MS) return Promise.resolve();
    this.#health ??= (async () => {
      if (!this.#assumeNoEviction) await this.#policy();
      // In a cluster, the client routes every key to its shard's primary, and a probe would reach
      // one shard only (and fail every check while that shard is down): the role and restart checks
      // are left to the routing and to each marker's counter; the clock comes from the replies.
      if (this.#calls.cluster) {
        this.#healthAt = Date.now();
        return;
      }
      const marker = this.#bucketPrefix(0) + 'marker';
      const s = this.#seen.get(marker);
      // Whether the server persists every write: then a process started after a restart may trust the marker.
      const fsync = await this.#calls.configGet('appendfsync').catch(() => undefined);
      const args = [s?.g ?? '', String(s?.c ?? 0), fsync === 'always' ? 'always' : ''];
      const sent = performance.now();
      const h = readHealth(await this.#calls.evalScript(HEALTH_SCRIPT, await this.#healthSha, [marker], args));
      this.#clock(h.now, sent, performance.now());
      if (h.role !== 'master') throw new NonceStoreError(replicaMessage(h.role === 'slave' ? 'replica' : h.role));
      if (this.#evicted !== undefined && h.evicted !== this.#evicted) await this.#declareLoss();
      this.#evicted = h.evicted;
      this.#healthAt = Date.now();
    })().finally(() => {
      this.#health = undefined;
    });
    return this.#health;
  }

  /** Learns Redis's clock offset from a reply's time and the local times around the call. */
  #clock(redisNow: number, sent: number, back: number): void {
    const error = Math.ceil((back - sent) / 2);
    if (this.#offset !== undefined && error > this.#offsetError && Date.now() - this.#offsetAt < 10_000) return;
    this.#offset = redisNow - (Date.now() - (back - sent) / 2);
    this.#offsetError = error;
    this.#offsetAt = Date.now();
  }

  /** Records a loss (new generation, epoch now) on every marker this process has seen. */
  async #declareLoss(): Promise<void> {
    const sha = await this.#sha;
    const markers = this.#seen.size > 0 ? [...this.#seen.keys()] : [this.#bucketPrefix(0) + 'marker'];
    await Promise.all(
      markers.map(async (m) => {
        this.#learn(m, readReply(await this.#calls.evalScript(CHECK_SCRIPT, sha, [m], this.#probeArgs(m, 'loss'))));
      }),
    );
  }

  /**
   * Reads `maxmemory-policy`; refuses anything but `noeviction`. With a cluster client the read
   * reaches one node, which may be the one that is down: a failed read is then tolerated for
   * {@link POLICY_GRACE_MS} after the last good one (an evicting policy never is).
   */
  async #policy(): Promise<void> {
    let policy: unknown;
    try {
      policy = await this.#calls.configGet('maxmemory-policy');
    } catch (e) {
      if (this.#calls.cluster && Date.now() - this.#policyOkAt < POLICY_GRACE_MS) return;
      throw this.#closed(e) ?? configFailure(e);
    }
    if (policy !== 'noeviction') {
      throw new NonceStoreError(
        `Redis maxmemory-policy is ${JSON.stringify(policy)}: it may evict nonces, and an evicted nonce can be replayed. Set it to noeviction (or see assumeNoEviction)`,
      );
    }
    this.#policyOkAt = Date.now();
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

  /**
   * Runs `work` within the timeout. A check (not `ready()`) on a client that is not connected is
   * refused at once instead of waiting in the client's offline queue once the client has been
   * connected before (it is reconnecting: Redis went away), and before that as soon as
   * {@link OFFLINE_WAITERS} checks already wait: an unreachable Redis cannot make commands pile up.
   */
  async #withTimeout<T>(work: (started: number) => Promise<T>, waitForConnection = false): Promise<T> {
    const connected = this.#calls.connected();
    if (connected === true) this.#wasConnected = true;
    const offline = connected === false && !this.#calls.closed();
    if (offline && !waitForConnection && (this.#wasConnected || this.#offlineWaiters >= OFFLINE_WAITERS)) {
      throw new NonceStoreError(
        this.#wasConnected
          ? 'Redis is not connected (the client is reconnecting): request refused at once, nothing queued'
          : `Redis is not connected yet and ${OFFLINE_WAITERS} checks already wait for it: request refused at once`,
      );
    }
    if (offline) this.#offlineWaiters += 1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new NonceStoreError(`Redis did not answer within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
    });
    try {
      return await Promise.race([work(started), timeout]);
    } catch (e) {
      if (e instanceof NonceStoreError || e instanceof InvalidInputError) throw e;
      throw this.#closed(e) ?? new NonceStoreError(scriptFailure(e), { cause: e });
    } finally {
      clearTimeout(timer);
      if (offline) this.#offlineWaiters -= 1;
    }
  }
}

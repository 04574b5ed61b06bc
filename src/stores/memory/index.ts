/**
 * The in-memory nonce store: what a verifier made by `createVerifier` owns when it is given no
 * store, for verifiers that run in one place (one process, one isolate).
 *
 * @module
 */
import { ConfigurationError, InvalidInputError, NonceStoreError } from '../../errors/index.js';
import type { NonceCheckContext, NonceStore } from '../types.js';
import { ExpiryClock } from './clock.js';
import { Consumers, type Entry, hasFloor, type Partition } from './consumers.js';
import { ExpiryQueue } from './expiry.js';
import { fixedKey, randomSeed } from './key.js';

export type { NonceCheckContext, NonceStore } from '../types.js';

/** Options of {@link MemoryNonceStore}. */
export interface MemoryNonceStoreOptions {
  /**
   * Most nonces held at once, all consumers together (default 100 000): the memory bound. A
   * consumer kept only for its floor (see {@link MemoryNonceStore}) counts as one; so at most
   * this many consumers are held at once.
   */
  maxEntries?: number;
  /**
   * Most unexpired nonces one consumer may hold (default: a tenth of `maxEntries`, so 10 000).
   * A consumer at its quota is refused (`ERR_NONCE_STORE`) until its own nonces expire; other
   * consumers are not affected. At the default 300 s window, 10 000 allows ~33 requests a
   * second per consumer, sustained. The consumer is the one the credentials callback resolved
   * (its `consumerId`), so one merchant has one quota however its key is spelled.
   */
  maxEntriesPerConsumer?: number;
  /**
   * Clock in milliseconds since the epoch (default: the verifier's clock, passed with each check
   * by `verifyOAuth`, else `Date.now`); for tests. A reading that is not a number within the
   * range of a `Date` (±8.64e15) makes `check` reject with `ERR_INVALID_INPUT`.
   */
  now?: () => number;
  /**
   * The largest past window (`maxSkewSeconds`) of any verifier that uses this store, in seconds
   * (default 300): every nonce is remembered until its timestamp is this old, whichever verifier
   * recorded it, so verifiers with different windows sharing the store never let a replay
   * through. A verifier with a larger window refuses the store (`ConfigurationError`).
   */
  windowSeconds?: number;
}

/** The widest clock reading a `Date` can hold, in milliseconds (100 000 000 days). */
const MAX_CLOCK_MS = 8.64e15;
/** Most expired items a check removes on its way (besides the one it looks up). */
const SWEEP_PER_CHECK = 64;

function positive(value: number | undefined, fallback: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < 1) {
    throw new InvalidInputError(`"${field}" must be a positive integer`, { field });
  }
  return v;
}

/** A consumer as messages name it: quoted, at most 64 characters. */
function named(consumer: string): string {
  return JSON.stringify(consumer.slice(0, 64));
}

function clockMs(reading: unknown): number {
  // NaN would keep every nonce forever; beyond the range of a Date, seconds lose their meaning.
  if (typeof reading !== 'number' || !(Math.abs(reading) <= MAX_CLOCK_MS)) {
    throw new InvalidInputError(
      'memory nonce store: the clock ("now") must return milliseconds since the epoch, within a Date\'s range',
      { field: 'now' },
    );
  }
  return reading;
}

/**
 * An in-process {@link NonceStore} with bounded memory and bounded work per check, fair between
 * consumers.
 *
 * - **Quota.** Each consumer may hold `maxEntriesPerConsumer` live nonces; beyond that its new
 *   requests are refused (`ERR_NONCE_STORE`) until its own nonces expire. A replay is always
 *   refused as a replay.
 * - **Eviction by fairness.** When the store holds `maxEntries`, room for a new nonce is made at
 *   the expense of a consumer holding the most: its earliest-arrived nonce is forgotten, and its
 *   *floor* rises to that nonce's timestamp. Until that nonce would have expired, the consumer's
 *   requests with a timestamp at or below its floor are refused (`ERR_NONCE_STORE`): a forgotten
 *   nonce can never be replayed, and only the heaviest consumer's oldest timestamps are affected.
 *   So a new consumer is refused only when `maxEntries` consumers each hold a single nonce; many
 *   consumers holding a few nonces each, or a few holding many, never lock a new one out.
 * - **Bounded work.** Entries sit in one-second expiry buckets. A check removes at most 64
 *   expired entries, and a nonce found expired on lookup is dropped then: a million nonces expiring in the same second cost a million checks a few
 *   removals each, never one long pause.
 * - **Clock steps.** Entries expire by a clock that never goes back and that does not follow a
 *   reading more than 300 s ahead until the readings have kept running ahead for another 300 s
 *   (by their own account): a clock stepped forward and back again finds the nonces of its window
 *   where it left them. With the window (`verifyOAuth` passes it), a nonce is remembered until
 *   `timestamp + maxSkewSeconds + 1` s, and a timestamp whose nonce could already have been
 *   forgotten by that clock is refused (`ERR_NONCE_STORE`): after a clock that stayed ahead is
 *   stepped back, requests are refused, never replays accepted, until the clock catches up.
 *
 * Each nonce is kept under a fixed 16-character key (a seeded hash of consumer, nonce and
 * timestamp), so an entry costs the same (~170 bytes) whatever the size of the request.
 *
 * It suits one process; several processes or hosts need a shared store such as
 * `RedisNonceStore` from `paysig/redis`.
 *
 * @example
 * ```ts
 * const nonceStore = new MemoryNonceStore({ maxEntries: 1_000_000, maxEntriesPerConsumer: 50_000 });
 * await verifyOAuth(request, { credentials, nonceStore });
 * ```
 */
export class MemoryNonceStore implements NonceStore {
  readonly #max: number;
  readonly #perConsumer: number;
  readonly #now: (() => number) | undefined;
  /** {@inheritDoc NonceStore.windowSeconds} */
  readonly windowSeconds: number;
  /**
   * The key hash's seed, drawn at the first check rather than at construction: Cloudflare Workers
   * refuse random numbers while a module loads, where a verifier (and its store) is often made.
   */
  #seed: Uint32Array | undefined;
  readonly #clock = new ExpiryClock();
  /** fixed key of (consumer, nonce, timestamp) -> its entry */
  readonly #entries = new Map<string, Entry>();
  readonly #consumers = new Consumers();
  /** entries by expiry, and partitions by the expiry of their floor */
  readonly #expiries = new ExpiryQueue<Entry | Partition>();
  readonly #taken: Array<Entry | Partition> = [];
  /** Arrival counter of entries (ties between heaviest consumers go to the newest arrival). */
  #seq = 0;

  /** @param options size bounds and clock */
  constructor(options: MemoryNonceStoreOptions = {}) {
    this.#max = positive(options.maxEntries, 100_000, 'maxEntries');
    this.#perConsumer = positive(options.maxEntriesPerConsumer, Math.ceil(this.#max / 10), 'maxEntriesPerConsumer');
    this.#now = options.now;
    const window = options.windowSeconds ?? 300;
    if (!Number.isSafeInteger(window) || window < 0) {
      throw new ConfigurationError('"windowSeconds" must be a non-negative whole number of seconds', {
        field: 'windowSeconds',
      });
    }
    this.windowSeconds = window;
  }

  /** Number of nonces currently held (expired ones included until they are swept). */
  get size(): number {
    return this.#entries.size;
  }

  /** Number of consumers currently held (those holding nonces, and those kept for a floor). */
  get consumers(): number {
    return this.#consumers.size;
  }

  /** {@inheritDoc NonceStore.check} */
  async check(
    consumerKey: string,
    nonce: string,
    timestamp: number,
    ttlSeconds: number,
    context?: NonceCheckContext,
  ): Promise<boolean> {
    // Synchronous inside: an async method only turns a throw into a rejection.
    return this.#check(consumerKey, nonce, timestamp, ttlSeconds, context);
  }

  #check(consumer: string, nonce: string, timestamp: number, ttl: number, context?: NonceCheckContext): boolean {
    if (typeof consumer !== 'string' || typeof nonce !== 'string' || !Number.isFinite(timestamp)) {
      throw new InvalidInputError('nonce store: consumer key and nonce must be strings, the timestamp a number');
    }
    if (!Number.isFinite(ttl)) throw new InvalidInputError('nonce store: "ttlSeconds" must be a finite number');
    const reading = clockMs(this.#now ? this.#now() : context ? context.now * 1000 : Date.now()) / 1000;
    const clock = this.#clock.read(reading);
    const second = Math.floor(clock);
    this.#sweep(second, SWEEP_PER_CHECK);
    const seed = (this.#seed ??= randomSeed());
    const key = fixedKey(seed, [consumer, nonce, String(timestamp)]);
    const found = this.#entries.get(key);
    if (found !== undefined) {
      if (found.expiry > second) return false;
      this.#forget(found);
    }
    const skew = context?.maxSkewSeconds;
    if (typeof skew === 'number' && skew > this.windowSeconds) throw this.#tooNarrow(skew);
    // A verifier's nonce is kept for the store's window, not the verifier's: verifiers with smaller
    // windows sharing this store all find it while any of them could accept its timestamp. (A
    // caller that passes no window gets what it asks for: ttlSeconds.)
    const windowEnd = context !== undefined ? Math.ceil(timestamp + this.windowSeconds) + 1 : NaN;
    if (windowEnd <= second) {
      throw new NonceStoreError(
        "memory nonce store: by the store's clock this timestamp has left the window (was the clock stepped back?); refused",
      );
    }
    const id = fixedKey(seed, [consumer]);
    let owner = this.#consumers.get(id);
    if (owner !== undefined) {
      if (hasFloor(owner) && owner.floorExpiry > second && timestamp <= owner.floor) {
        throw new NonceStoreError(
          `memory nonce store: nonces of consumer ${named(consumer)} with timestamps up to ${owner.floor} were forgotten to make room (maxEntries); such timestamps are refused until they leave the window`,
        );
      }
      if (owner.count >= this.#perConsumer) {
        throw new NonceStoreError(
          `memory nonce store: consumer ${named(consumer)} holds ${this.#perConsumer} live nonces (maxEntriesPerConsumer); refused until some expire`,
        );
      }
    }
    // Room made at this consumer's own expense forgets another triple: this one is still fresh.
    if (this.#entries.size + this.#consumers.floorOnly >= this.#max) this.#makeRoom();
    owner ??= this.#consumers.create(id);
    // Live while the clock's whole second is before `expiry`: at least ttlSeconds from now, and
    // (with the window) until the timestamp has left it.
    const fromNow = Math.ceil(Math.max(reading, clock) + Math.max(1, ttl));
    const expiry = Number.isNaN(windowEnd) ? fromNow : Math.max(fromNow, windowEnd);
    const entry: Entry = { key, owner, timestamp, seq: this.#seq++, expiry, live: true };
    this.#entries.set(key, entry);
    this.#consumers.add(entry);
    this.#expiries.add(expiry, entry);
    return true;
  }

  #tooNarrow(skew: number): ConfigurationError {
    return new ConfigurationError(
      `a verifier accepts timestamps ${skew} s old, but this memory nonce store remembers nonces for ${this.windowSeconds} s (windowSeconds): give the store windowSeconds >= ${skew}`,
      { field: 'windowSeconds' },
    );
  }

  /** Frees one place: the oldest nonce of a heaviest consumer (expired ones were swept first). */
  #makeRoom(): void {
    const victim = this.#consumers.heaviest();
    const oldest = victim !== undefined && victim.count >= 2 ? this.#consumers.oldest(victim) : undefined;
    if (victim === undefined || oldest === undefined) {
      throw new NonceStoreError(
        `memory nonce store is full (maxEntries: ${this.#max} consumers each hold a live nonce); refusing to forget any`,
      );
    }
    this.#expiries.delete(oldest.expiry, oldest);
    this.#forget(oldest);
    victim.floor = Math.max(victim.floor, oldest.timestamp);
    if (oldest.expiry > victim.floorExpiry) {
      if (hasFloor(victim)) this.#expiries.delete(victim.floorExpiry, victim);
      victim.floorExpiry = oldest.expiry;
      this.#expiries.add(oldest.expiry, victim);
    }
  }

  /** Drops an entry found in the map (its expiry bucket is the caller's business). */
  #forget(entry: Entry): void {
    this.#entries.delete(entry.key);
    this.#consumers.remove(entry);
  }

  /** Removes at most `budget` items expired by `second`. */
  #sweep(second: number, budget: number): void {
    const taken = this.#taken;
    this.#expiries.take(second, budget, taken);
    for (const item of taken) {
      if ('key' in item) {
        if (item.live) this.#forget(item);
      } else this.#consumers.clearFloor(item);
    }
    taken.length = 0;
  }
}

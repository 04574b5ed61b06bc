/**
 * The in-memory nonce store: the default of `verifyOAuth` and `verifyRequest`, for a verifier
 * that runs in one place (one process, one isolate).
 *
 * @module
 */
import { InvalidInputError, NonceStoreError } from '../../errors/index.js';
import type { NonceStore } from '../types.js';
import { fixedKey, randomSeed } from './key.js';

export type { NonceCheckContext, NonceStore } from '../types.js';

/** Options of {@link MemoryNonceStore}. */
export interface MemoryNonceStoreOptions {
  /** Most nonces held at once, all consumers together (default 100 000): the memory bound. */
  maxEntries?: number;
  /**
   * Most unexpired nonces one consumer may hold (default: a tenth of `maxEntries`, so 10 000).
   * A consumer at its quota is refused (`ERR_NONCE_STORE`) until its own nonces expire; other
   * consumers are not affected. At the default 300 s window, 10 000 allows ~33 requests a
   * second per consumer, sustained.
   */
  maxEntriesPerConsumer?: number;
  /**
   * Most consumers holding unexpired nonces at once (default: 10 000, or `maxEntries` if
   * smaller). A consumer that holds none is refused while this many others do.
   */
  maxConsumers?: number;
  /**
   * Clock in milliseconds since the epoch (default `Date.now`); for tests. A reading that is not
   * a number within the range of a `Date` (±8.64e15) makes `check` reject with `ERR_INVALID_INPUT`.
   */
  now?: () => number;
}

/** The widest clock reading a `Date` can hold, in milliseconds (100 000 000 days). */
const MAX_CLOCK_MS = 8.64e15;

function positive(value: number | undefined, fallback: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < 1) {
    throw new InvalidInputError(`"${field}" must be a positive integer`, { field });
  }
  return v;
}

/** The nonces of one consumer: how many are live. */
interface Partition {
  readonly id: string;
  count: number;
}

/**
 * An in-process {@link NonceStore} with bounded memory, partitioned by consumer.
 *
 * Each consumer has a quota (`maxEntriesPerConsumer`), so one merchant flooding the verifier
 * with valid requests is refused once it reaches its quota while every other merchant's fresh
 * requests are still accepted. A replay is always refused as a replay, quota or not. When a
 * limit is reached, `check` rejects with {@link NonceStoreError}: the store never forgets a nonce
 * that could still be replayed. Only when consumers together fill `maxEntries` (ten flooding at
 * their full quota, by default: an attacker holding ten merchants' keys) is everyone refused, until
 * their nonces expire; give `maxEntries >= maxConsumers * maxEntriesPerConsumer` to rule that out.
 *
 * Each nonce is kept under a fixed 16-character key (a seeded hash of consumer, nonce and
 * timestamp), so an entry costs the same (~100 bytes) whatever the size of the request. Entries
 * sit in one-second expiry buckets that are dropped as the clock passes them: the cost of a check
 * does not grow with the number of nonces held.
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
  readonly #maxConsumers: number;
  readonly #now: () => number;
  readonly #seed = randomSeed();
  /** fixed key of (consumer, nonce, timestamp) -> the consumer's partition */
  readonly #entries = new Map<string, Partition>();
  /** fixed key of the consumer -> its partition, while it holds live nonces */
  readonly #consumers = new Map<string, Partition>();
  /** expiry, in whole seconds -> the keys that expire then */
  readonly #buckets = new Map<number, string[]>();
  /** Every bucket up to this second has been dropped; every bucket left is after it. */
  #swept = -Infinity;

  /** @param options size bounds and clock */
  constructor(options: MemoryNonceStoreOptions = {}) {
    this.#max = positive(options.maxEntries, 100_000, 'maxEntries');
    this.#perConsumer = positive(options.maxEntriesPerConsumer, Math.ceil(this.#max / 10), 'maxEntriesPerConsumer');
    this.#maxConsumers = positive(options.maxConsumers, Math.min(10_000, this.#max), 'maxConsumers');
    this.#now = options.now ?? Date.now;
  }

  /** Number of nonces currently held (expired ones included until their second has passed). */
  get size(): number {
    return this.#entries.size;
  }

  /** Number of consumers currently holding nonces. */
  get consumers(): number {
    return this.#consumers.size;
  }

  /** {@inheritDoc NonceStore.check} */
  check(consumerKey: string, nonce: string, timestamp: number, ttlSeconds: number): Promise<boolean> {
    try {
      return Promise.resolve(this.#check(consumerKey, nonce, timestamp, ttlSeconds));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  #check(consumerKey: string, nonce: string, timestamp: number, ttlSeconds: number): boolean {
    if (typeof consumerKey !== 'string' || typeof nonce !== 'string' || !Number.isFinite(timestamp)) {
      throw new InvalidInputError('nonce store: consumer key and nonce must be strings, the timestamp a number');
    }
    if (!Number.isFinite(ttlSeconds)) throw new InvalidInputError('nonce store: "ttlSeconds" must be a finite number');
    const now = this.#now();
    // NaN would keep every nonce forever; beyond 2^53 ms, `s + 1` in the walk no longer moves.
    if (typeof now !== 'number' || !(Math.abs(now) <= MAX_CLOCK_MS)) {
      throw new InvalidInputError(
        'memory nonce store: the clock ("now") must return milliseconds since the epoch within the range of a Date',
        { field: 'now' },
      );
    }
    this.#sweep(Math.floor(now / 1000));
    const key = fixedKey(this.#seed, [consumerKey, nonce, String(timestamp)]);
    if (this.#entries.has(key)) return false;
    const owner = fixedKey(this.#seed, [consumerKey]);
    let partition = this.#consumers.get(owner);
    if (partition === undefined) {
      if (this.#consumers.size >= this.#maxConsumers) {
        throw new NonceStoreError(
          `memory nonce store: ${this.#maxConsumers} consumers already hold live nonces (maxConsumers); a new consumer is refused until some expire`,
        );
      }
    } else if (partition.count >= this.#perConsumer) {
      throw new NonceStoreError(
        `memory nonce store: consumer ${JSON.stringify(consumerKey.slice(0, 64))} holds ${this.#perConsumer} live nonces (maxEntriesPerConsumer); its requests are refused until some expire`,
      );
    }
    if (this.#entries.size >= this.#max) {
      throw new NonceStoreError(
        `memory nonce store is full (${this.#max} live nonces, maxEntries); refusing to forget any`,
      );
    }
    if (partition === undefined) {
      partition = { id: owner, count: 0 };
      this.#consumers.set(owner, partition);
    }
    partition.count++;
    this.#entries.set(key, partition);
    // Live while the clock's whole second is before `expiry`: at least ttlSeconds from now.
    const expiry = Math.ceil((now + Math.max(1, ttlSeconds) * 1000) / 1000);
    const bucket = this.#buckets.get(expiry);
    if (bucket === undefined) this.#buckets.set(expiry, [key]);
    else bucket.push(key);
    return true;
  }

  /**
   * Drops every bucket whose second is `second` or earlier. When the clock stands still or goes
   * back, nothing is walked and `#swept` follows it back, so no later bucket is skipped.
   */
  #sweep(second: number): void {
    if (second - this.#swept > this.#buckets.size) {
      // A long gap (or the first call): fewer buckets than seconds to walk.
      for (const [s, keys] of this.#buckets) if (s <= second) this.#drop(s, keys);
    } else {
      for (let s = this.#swept + 1; s <= second; s++) {
        const keys = this.#buckets.get(s);
        if (keys !== undefined) this.#drop(s, keys);
      }
    }
    this.#swept = second;
  }

  #drop(second: number, keys: string[]): void {
    this.#buckets.delete(second);
    for (const key of keys) {
      // A key is bucketed when it is added and leaves #entries only here, so it is always found.
      const partition = this.#entries.get(key)!;
      this.#entries.delete(key);
      if (--partition.count === 0) this.#consumers.delete(partition.id);
    }
  }
}

let shared: MemoryNonceStore | undefined;

/** The module-level store {@link verifyOAuth} uses when given none. @internal */
export function defaultNonceStore(): MemoryNonceStore {
  shared ??= new MemoryNonceStore();
  return shared;
}

/**
 * Nonce stores: memory of the `(consumer, nonce, timestamp)` triples already accepted, so a
 * replayed request is refused for as long as its timestamp would still be accepted.
 *
 * @module
 */
import { InvalidInputError, NonceStoreError } from '../errors.js';

/**
 * Where a verifier records nonces. {@link verifyOAuth} calls `check` only for a request whose
 * signature has verified, and fails closed: a rejected promise (or any answer other than `true`
 * or `false`) makes the request fail with {@link NonceStoreError}.
 *
 * Implementations must be atomic: of two concurrent calls with the same triple, only one may
 * resolve `true` (Redis `SET NX` gives this; see `paysig/redis`).
 */
export interface NonceStore {
  /**
   * Records the triple unless it is already recorded.
   *
   * @param consumerKey the `oauth_consumer_key`
   * @param nonce the `oauth_nonce`
   * @param timestamp the `oauth_timestamp`, in seconds
   * @param ttlSeconds how long, from now, the triple must be remembered (a positive integer)
   * @returns `true` when this is the first use (now recorded), `false` when it was seen before
   */
  check(consumerKey: string, nonce: string, timestamp: number, ttlSeconds: number): Promise<boolean>;
}

/** Options of {@link MemoryNonceStore}. */
export interface MemoryNonceStoreOptions {
  /** Most triples held at once (default 100 000). When full of unexpired entries, `check` fails closed. */
  maxEntries?: number;
  /** Clock in milliseconds (default `Date.now`); for tests. */
  now?: () => number;
}

/**
 * An in-process {@link NonceStore} with bounded memory.
 *
 * Entries expire after their TTL. When the store is full, expired entries are swept (at most once
 * until the earliest remaining entry expires, so a flood costs no repeated full sweeps); if it is
 * still full, `check` rejects with {@link NonceStoreError} rather than forget a nonce that could
 * still be replayed. It suits one process; several processes or hosts need a shared store such
 * as `RedisNonceStore` from `paysig/redis`.
 */
export class MemoryNonceStore implements NonceStore {
  readonly #max: number;
  readonly #now: () => number;
  /** key -> expiry in milliseconds */
  readonly #entries = new Map<string, number>();
  /** No entry expires before this instant (ms), so sweeping earlier finds nothing. */
  #earliest = Infinity;

  /** @param options size bound and clock */
  constructor(options: MemoryNonceStoreOptions = {}) {
    const max = options.maxEntries ?? 100_000;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new InvalidInputError('"maxEntries" must be a positive integer', { field: 'maxEntries' });
    }
    this.#max = max;
    this.#now = options.now ?? Date.now;
  }

  /** Number of triples currently held (expired ones included until swept). */
  get size(): number {
    return this.#entries.size;
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
    const now = this.#now();
    // Length-prefixed parts: no consumer key or nonce can make two triples share a key.
    const key = consumerKey.length + ':' + consumerKey + nonce.length + ':' + nonce + timestamp;
    const expiry = this.#entries.get(key);
    if (expiry !== undefined) {
      if (expiry > now) return false;
      this.#entries.delete(key);
    }
    if (this.#entries.size >= this.#max) {
      this.#sweep(now);
      if (this.#entries.size >= this.#max) {
        throw new NonceStoreError(`memory nonce store is full (${this.#max} unexpired nonces); refusing to forget any`);
      }
    }
    const until = now + Math.max(1, ttlSeconds) * 1000;
    this.#entries.set(key, until);
    if (until < this.#earliest) this.#earliest = until;
    return true;
  }

  #sweep(now: number): void {
    if (now < this.#earliest) return;
    let earliest = Infinity;
    for (const [k, until] of this.#entries) {
      if (until <= now) this.#entries.delete(k);
      else if (until < earliest) earliest = until;
    }
    this.#earliest = earliest;
  }
}

let shared: MemoryNonceStore | undefined;

/** The module-level store {@link verifyOAuth} uses when given none. @internal */
export function defaultNonceStore(): MemoryNonceStore {
  shared ??= new MemoryNonceStore();
  return shared;
}

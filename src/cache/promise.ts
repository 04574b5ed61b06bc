/**
 * A {@link boundedCache} of promises: a promise that rejects leaves the cache, so a failure is
 * not remembered. Internal (the WebCrypto backend's imported HMAC keys).
 *
 * @module
 */
import { boundedCache } from './bounded.js';

/** The cache: `get` answers a hit, or caches what `make` returns; `size` is the entries held. */
export interface PromiseCache<V> {
  readonly size: number;
  get(key: string, make: () => Promise<V>): Promise<V>;
}

/** A new, empty cache of at most `max` entries. */
export function promiseCache<V>(max: number): PromiseCache<V> {
  const entries = boundedCache<Promise<V>>(max);
  return {
    get size() {
      return entries.size;
    },
    get(key, make) {
      let p = entries.get(key);
      if (p === undefined) {
        const made = make();
        // Only this promise's own entry: a newer one for the same key stays.
        made.catch(() => entries.get(key) === made && entries.delete(key));
        entries.set(key, (p = made));
      }
      return p;
    },
  };
}

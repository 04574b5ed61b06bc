/**
 * A cache of at most `max` promises by string key, the oldest dropped first when full. A promise
 * that rejects leaves the cache, so a failure is not remembered. Internal (the WebCrypto
 * backend's imported HMAC keys).
 *
 * @module
 */

/** The cache: `get` answers a hit, or caches what `make` returns; `size` is the entries held. */
export interface PromiseCache<V> {
  readonly size: number;
  get(key: string, make: () => Promise<V>): Promise<V>;
}

/** A new, empty cache of at most `max` entries. */
export function promiseCache<V>(max: number): PromiseCache<V> {
  const entries = new Map<string, Promise<V>>();
  return {
    get size() {
      return entries.size;
    },
    get(key, make) {
      let p = entries.get(key);
      if (p === undefined) {
        if (entries.size >= max) entries.delete(entries.keys().next().value as string);
        const made = make();
        // Only this promise's own entry: a newer one for the same key stays.
        made.catch(() => entries.get(key) === made && entries.delete(key));
        entries.set(key, (p = made));
      }
      return p;
    },
  };
}

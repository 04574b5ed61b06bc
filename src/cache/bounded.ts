/**
 * The one bounded cache of paysig: at most `max` entries by string key, the oldest dropped first
 * when a new key arrives at a full cache. Every memo of hostile-looking input (URL origins and
 * base URIs, parsed request URLs, imported HMAC keys) uses it, so a client that sends a new value
 * with every request costs a fixed amount of memory. Internal.
 *
 * @module
 */

/** A cache of at most `max` entries; `size` is the number held now. */
export interface BoundedCache<V> {
  readonly size: number;
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

/** A new, empty cache of at most `max` entries (a positive integer). */
export function boundedCache<V>(max: number): BoundedCache<V> {
  const entries = new Map<string, V>();
  return {
    get size() {
      return entries.size;
    },
    get: (key) => entries.get(key),
    set(key, value) {
      if (!entries.has(key) && entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    },
    delete(key) {
      entries.delete(key);
    },
  };
}

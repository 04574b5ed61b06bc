/**
 * A cache of at most `max` promises by string key, the oldest dropped first when full. A promise
 * that rejects leaves the cache, so a failure is not remembered. Internal (the WebCrypto
 * backend's imported HMAC keys).
 *
 * @module
 */
export class PromiseCache<V> {
  readonly #entries = new Map<string, Promise<V>>();

  /** @param max the most entries held at once */
  constructor(readonly max: number) {}

  /** Entries held now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The cached promise for `key`; on a miss, the one `make` returns, cached. */
  get(key: string, make: () => Promise<V>): Promise<V> {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value as string);
    const made = make();
    this.#entries.set(key, made);
    made.catch(() => {
      // Only this promise's own entry: a newer one for the same key stays.
      if (this.#entries.get(key) === made) this.#entries.delete(key);
    });
    return made;
  }
}

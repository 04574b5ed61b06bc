/**
 * The product's caches seen from tests, without a hook in the product:
 *
 * - `cacheMock` replaces src/cache/promise.ts with caches that `resetCaches()` empties (the PEM
 *   key caches of keys/import.ts, the HMAC key cache of the WebCrypto backend):
 *     vi.mock('../cache/promise.js', async (original) =>
 *       (await import('../../test/helpers/caches.js')).cacheMock(original));
 *     beforeEach(() => resetCaches());
 * - `boundedCacheSpy` replaces src/cache/bounded.ts with the real caches, each listed in
 *   `boundedCaches` with its bound, so a test can read their sizes.
 */
import type * as BoundedModule from '../../src/cache/bounded.js';
import type * as PromiseModule from '../../src/cache/promise.js';

const resets: Array<() => void> = [];

/** The module, with caches that {@link resetCaches} can replace. */
export async function cacheMock(original: () => Promise<unknown>): Promise<typeof PromiseModule> {
  const real = (await original()) as typeof PromiseModule;
  return {
    ...real,
    promiseCache<V>(max: number): PromiseModule.PromiseCache<V> {
      let cache = real.promiseCache<V>(max);
      resets.push(() => {
        cache = real.promiseCache<V>(max);
      });
      return {
        get size() {
          return cache.size;
        },
        get: (key, make) => cache.get(key, make),
      };
    },
  };
}

/** Replaces every cache made through {@link cacheMock} with an empty one. */
export function resetCaches(): void {
  for (const reset of resets) reset();
}

/** Every cache made through {@link boundedCacheSpy}, with its bound. */
export const boundedCaches: Array<{ max: number; cache: { readonly size: number } }> = [];

/** The module, with each cache it makes listed in {@link boundedCaches}. */
export async function boundedCacheSpy(original: () => Promise<unknown>): Promise<typeof BoundedModule> {
  const real = (await original()) as typeof BoundedModule;
  return {
    ...real,
    boundedCache<V>(max: number): BoundedModule.BoundedCache<V> {
      const cache = real.boundedCache<V>(max);
      boundedCaches.push({ max, cache });
      return cache;
    },
  };
}

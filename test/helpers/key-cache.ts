/**
 * Fresh caches for each test, without a reset hook in the product: a test file mocks
 * src/cache/promise.ts with this factory, whose caches `resetCaches()` replaces with new ones
 * (the PEM key caches of keys/import.ts, the HMAC key cache of the WebCrypto backend).
 *
 *   vi.mock('../cache/promise.js', async (original) =>
 *     (await import('../../test/helpers/key-cache.js')).cacheMock(original));
 *   beforeEach(() => resetCaches());
 */
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

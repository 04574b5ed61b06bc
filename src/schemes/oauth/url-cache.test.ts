// splitUrl caches normalised origins and base URIs, because servers see the same URLs again and
// again. A client that sends a new host or path with every request must not make those caches
// grow without bound: each is a boundedCache (256 origins, 1,024 base URIs). The caches are
// observed by wrapping boundedCache (vi.mock), so the module exports nothing for tests.
import { describe, expect, it, vi } from 'vitest';
import { boundedCaches as made } from '../../../test/helpers/caches.js';

vi.mock('../../cache/bounded.js', async (original) =>
  (await import('../../../test/helpers/caches.js')).boundedCacheSpy(original),
);
const { splitUrl } = await import('./url.js');
const cacheOf = (max: number) => made.find((m) => m.max === max)!.cache;

describe('splitUrl caches stay bounded', () => {
  it('uses one bounded cache for origins (256) and one for base URIs (1,024)', () => {
    expect(made.map((m) => m.max).sort((a, b) => a - b)).toEqual([256, 1024]);
  });

  it('holds at most 256 origins, adding one per new host until then', () => {
    const origins = cacheOf(256);
    const sizes: number[] = [];
    for (let k = 0; k < 600; k++) {
      splitUrl(`https://h${k}.example/p`);
      sizes.push(origins.size);
    }
    expect(Math.max(...sizes)).toBe(256);
    expect(sizes[0]).toBeLessThan(sizes[100]!);
    expect(sizes.at(-1)).toBe(256);
  });

  it('holds at most 1,024 base URIs, and one host adds at most one origin', () => {
    const origins = cacheOf(256).size;
    const bases = cacheOf(1024);
    const sizes: number[] = [];
    for (let k = 0; k < 2_100; k++) {
      splitUrl(`https://same.example/p/${k}?k=${k}`);
      sizes.push(bases.size);
    }
    expect(Math.max(...sizes)).toBe(1024);
    expect(sizes.at(-1)).toBe(1024);
    expect(cacheOf(256).size - origins).toBeLessThanOrEqual(1);
  });

  it('gives the same answer from the cache as on a first call', () => {
    const url = 'HTTPS://u@Cache.Example:443/a b?x=1';
    const first = splitUrl(url);
    const bases = cacheOf(1024).size;
    expect(splitUrl(url)).toEqual(first);
    expect(cacheOf(1024).size).toBe(bases);
    expect(first).toEqual({
      baseUri: 'https://cache.example/a%20b',
      encodedBaseUri: 'https%3A%2F%2Fcache.example%2Fa%2520b',
      query: 'x=1',
    });
  });
});

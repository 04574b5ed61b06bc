// splitUrl caches normalised origins and base URIs, because servers see the same URLs again and
// again. A client that sends a new host or path with every request must not make those caches
// grow without bound: each holds a fixed number of entries (256 origins, 1,024 base URIs) and
// starts over when full. The sizes are read through an internal accessor of the module.
import { describe, expect, it } from 'vitest';
import { splitUrl, urlCacheSizes } from './url.js';

/** Feeds `count` distinct URLs and checks, after each, that the cache grew by one or started over. */
function fill(count: number, url: (k: number) => string, size: () => number, max: number): number[] {
  const seen: number[] = [];
  let prev = size();
  for (let k = 0; k < count; k++) {
    splitUrl(url(k));
    const now = size();
    if (now !== prev + 1 && !(prev === max && now === 1)) {
      throw new Error(`after URL ${k}: ${prev} -> ${now} entries`);
    }
    seen.push(now);
    prev = now;
  }
  return seen;
}

describe('splitUrl caches stay bounded', () => {
  it('holds at most 256 origins, adding one per new host until then', () => {
    const sizes = fill(
      600,
      (k) => `https://h${k}.example/p`,
      () => urlCacheSizes().origins,
      256,
    );
    expect(Math.max(...sizes)).toBe(256);
    expect(sizes.filter((s) => s === 1).length).toBeGreaterThanOrEqual(2);
  });

  it('holds at most 1,024 base URIs, adding one per new path until then', () => {
    const origins = urlCacheSizes().origins;
    const sizes = fill(
      2_100,
      (k) => `https://same.example/p/${k}?k=${k}`,
      () => urlCacheSizes().bases,
      1024,
    );
    expect(Math.max(...sizes)).toBe(1024);
    expect(sizes.filter((s) => s === 1).length).toBeGreaterThanOrEqual(2);
    // One host: at most one new origin entry for all of them.
    expect(urlCacheSizes().origins - origins).toBeLessThanOrEqual(1);
  });

  it('gives the same answer from the cache as on a first call', () => {
    const url = 'HTTPS://u@Cache.Example:443/a b?x=1';
    const first = splitUrl(url);
    const bases = urlCacheSizes().bases;
    expect(splitUrl(url)).toEqual(first);
    expect(urlCacheSizes().bases).toBe(bases);
    expect(first).toEqual({
      baseUri: 'https://cache.example/a%20b',
      encodedBaseUri: 'https%3A%2F%2Fcache.example%2Fa%2520b',
      query: 'x=1',
    });
  });
});

// pathAndQuery's cache must stay bounded under hostile traffic: at most 256 URLs, none longer
// than 2048 characters. Paths and queries are compared with what the WHATWG URL parser gives.
import { describe, expect, it, vi } from 'vitest';
import { InvalidInputError } from '../errors/index.js';
import { boundedCaches as made } from '../../test/helpers/caches.js';

// The cache is observed by wrapping boundedCache (test/helpers/caches.ts), so the module exports nothing for tests.
vi.mock('../cache/bounded.js', async (original) =>
  (await import('../../test/helpers/caches.js')).boundedCacheSpy(original),
);
const { pathAndQuery } = await import('./verify.js');

const url = (n: number): string => `https://api.example.com/paynet/api/v2/sale/${n}?x=${n}`;

describe('pathAndQuery', () => {
  it('gives URL.pathname and URL.search', () => {
    const u = 'https://h.example/a%2Fb/./c?q=1#f';
    expect(pathAndQuery(u)).toEqual({ pathname: new URL(u).pathname, search: new URL(u).search });
    expect(pathAndQuery(u)).toEqual({ pathname: '/a%2Fb/c', search: '?q=1' });
  });

  it.each(['/paynet/api/v2/sale/1', 'not a url', ''])('refuses %j with ERR_INVALID_INPUT on "url"', (u) => {
    const run = () => pathAndQuery(u);
    expect(run).toThrow(InvalidInputError);
    expect(run).toThrow(expect.objectContaining({ field: 'url', message: 'the request URL is not an absolute URL' }));
  });

  it('keeps at most 256 URLs in one bounded cache, and none longer than 2048 characters', () => {
    for (let n = 0; n < 600; n++) pathAndQuery(url(n));
    // The URL cache is the bound-256 cache these calls filled (oauth/url.ts has another, untouched here).
    const cache = made.filter((m) => m.max === 256).find((m) => m.cache.size > 0)!.cache;
    expect(cache.size).toBe(256);
    // A cached URL again: a hit (the same frozen object), nothing added.
    const recent = url(599);
    expect(pathAndQuery(recent)).toBe(pathAndQuery(recent));
    // A URL of 2049 characters is parsed but not kept; one of 2048 is kept.
    const long = `https://h.example/${'a'.repeat(2049 - 'https://h.example/'.length)}`;
    expect(long).toHaveLength(2049);
    expect(pathAndQuery(long).pathname).toBe(new URL(long).pathname);
    expect(pathAndQuery(long)).not.toBe(pathAndQuery(long));
    const atMax = long.slice(0, 2048);
    expect(pathAndQuery(atMax).pathname).toBe(new URL(atMax).pathname);
    expect(pathAndQuery(atMax)).toBe(pathAndQuery(atMax));
    expect(cache.size).toBe(256);
  });
});

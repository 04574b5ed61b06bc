// pathAndQuery's cache must stay bounded under hostile traffic: at most 256 URLs, none longer
// than 2048 characters. Paths and queries are compared with what the WHATWG URL parser gives.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors/index.js';
import { cachedUrlCount, pathAndQuery } from './url-parts.js';

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

  it('keeps at most 256 URLs, starting afresh when full, and none longer than 2048 characters', () => {
    // Fill until the cache starts afresh, so that the count below starts from 1.
    let n = 0;
    for (let last = -1; n < 1000 && (cachedUrlCount() > last || last === -1); n++) {
      last = cachedUrlCount();
      pathAndQuery(url(n));
    }
    expect(cachedUrlCount()).toBe(1);
    const first = url(n - 1);
    for (let i = 2; i <= 256; i++, n++) {
      pathAndQuery(url(n));
      expect(cachedUrlCount()).toBe(i);
    }
    // A cached URL again: a hit, nothing cleared.
    expect(pathAndQuery(first)).toBe(pathAndQuery(first));
    expect(cachedUrlCount()).toBe(256);
    // A URL of 2049 characters is parsed but not kept; one of 2048 is kept (after the clear).
    const long = `https://h.example/${'a'.repeat(2049 - 'https://h.example/'.length)}`;
    expect(long).toHaveLength(2049);
    expect(pathAndQuery(long).pathname).toBe(new URL(long).pathname);
    expect(cachedUrlCount()).toBe(256);
    const atMax = long.slice(0, 2048);
    expect(pathAndQuery(atMax).pathname).toBe(new URL(atMax).pathname);
    expect(cachedUrlCount()).toBe(1);
    expect(pathAndQuery(atMax)).toBe(pathAndQuery(atMax));
    expect(cachedUrlCount()).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { boundedCache } from './bounded.js';

describe('boundedCache', () => {
  it('answers what was set, and undefined for what was not', () => {
    const cache = boundedCache<number>(2);
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
  });

  it('holds at most max entries, dropping the oldest first', () => {
    const cache = boundedCache<number>(3);
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) cache.set(k, i);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, 2, 3]);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
    expect(cache.get('k999')).toBe(999);
  });

  it('overwriting a held key drops nothing', () => {
    const cache = boundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    expect([cache.size, cache.get('a'), cache.get('b')]).toEqual([2, 3, 2]);
  });

  it('delete removes one entry', () => {
    const cache = boundedCache<number>(2);
    cache.set('a', 1);
    cache.delete('a');
    expect([cache.size, cache.get('a')]).toEqual([0, undefined]);
  });
});

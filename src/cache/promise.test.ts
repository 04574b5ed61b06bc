import { describe, expect, it } from 'vitest';
import { promiseCache } from './promise.js';

describe('promiseCache', () => {
  it('answers a hit with the same promise, without making a new one', async () => {
    const cache = promiseCache<string>(4);
    let made = 0;
    const make = () => Promise.resolve(`v${++made}`);
    const first = cache.get('a', make);
    expect(cache.get('a', make)).toBe(first);
    expect(made).toBe(1);
    expect(await first).toBe('v1');
  });

  it('holds at most max entries, dropping the oldest', () => {
    const cache = promiseCache<number>(3);
    let made = 0;
    const make = () => Promise.resolve(++made);
    for (const k of ['a', 'b', 'c']) cache.get(k, make);
    expect(cache.size).toBe(3);
    cache.get('d', make);
    expect(cache.size).toBe(3);
    cache.get('b', make); // still held
    expect(made).toBe(4);
    cache.get('a', make); // was dropped: made again, and "c" goes
    expect(made).toBe(5);
    expect(cache.size).toBe(3);
    for (let i = 0; i < 100; i++) cache.get(`k${i}`, make);
    expect(cache.size).toBe(3);
  });

  it('forgets a promise that rejects, so the next call tries again', async () => {
    const cache = promiseCache<number>(3);
    const failed = cache.get('a', () => Promise.reject(new TypeError('no')));
    await expect(failed).rejects.toThrow('no');
    expect(cache.size).toBe(0);
    expect(await cache.get('a', () => Promise.resolve(2))).toBe(2);
  });

  it('a late rejection of a dropped promise leaves the newer entry for its key', async () => {
    const cache = promiseCache<number>(1);
    let reject: (e: Error) => void = () => {};
    const old = cache.get('a', () => new Promise<number>((_, r) => (reject = r)));
    cache.get('b', () => Promise.resolve(1)); // drops "a"
    const fresh = cache.get('a', () => Promise.resolve(3)); // drops "b"
    reject(new Error('late'));
    await expect(old).rejects.toThrow('late');
    expect(cache.get('a', () => Promise.resolve(4))).toBe(fresh);
  });
});

/**
 * The floor a consumer gets when room is made at its expense: it refuses that consumer's
 * timestamps up to the highest one forgotten, for as long as the latest forgotten nonce would
 * have been remembered, and no longer.
 */
import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from './index.js';

const STORE_ERROR = { code: 'ERR_NONCE_STORE' };
const FLOOR_20 = /nonces of consumer "A" with timestamps up to 20 were forgotten/;

describe('eviction floors', () => {
  it('the floor is the highest timestamp forgotten, kept until the last forgotten nonce would expire', async () => {
    for (const order of ['high first', 'low first'] as const) {
      let t = 0;
      const s = new MemoryNonceStore({ maxEntries: 4, maxEntriesPerConsumer: 4, now: () => t });
      const x: [string, number, number] = ['x', 20, 100]; // forgotten, replayed below
      const y: [string, number, number] = ['y', 10, 50];
      for (const [nonce, ts, ttl] of order === 'high first' ? [x, y] : [y, x]) {
        expect(await s.check('A', nonce, ts, ttl)).toBe(true);
      }
      expect(await s.check('A', 'keep', 30, 1000)).toBe(true);
      expect(await s.check('B', 'b', 30, 80)).toBe(true);
      // Full: C and D are served by forgetting A's two oldest arrivals, x and y.
      expect(await s.check('C', 'c', 30, 80)).toBe(true);
      expect(await s.check('D', 'd', 30, 80)).toBe(true);
      expect(await s.check('A', 'keep', 30, 1000)).toBe(false);
      t = 60_000; // y would have expired; x would not
      await expect(s.check('A', 'x', 20, 100)).rejects.toThrow(FLOOR_20);
      await expect(s.check('A', 'other', 15, 100)).rejects.toThrow(FLOOR_20);
      t = 100_000; // x too: the floor goes with it (and B, C and D have made room)
      expect(await s.check('A', 'x', 20, 100)).toBe(true);
    }
  });

  it('a floor expires at its second even when the sweep has not reached it yet', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 101, maxEntriesPerConsumer: 101, now: () => t });
    for (let i = 0; i < 100; i++) expect(await s.check('A', `a${i}`, 5, 10)).toBe(true);
    expect(await s.check('B', 'b', 5, 1000)).toBe(true);
    expect(await s.check('C', 'c', 5, 1000)).toBe(true); // forgets a0: A's floor is 5 until second 10
    await expect(s.check('A', 'late', 5, 10)).rejects.toMatchObject(STORE_ERROR);
    t = 10_000; // 99 entries and the floor expire now; one check sweeps 64
    expect(await s.check('A', 'late', 5, 10)).toBe(true);
  });

  it('a consumer kept only for its floor is dropped once the floor expires', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 3, maxEntriesPerConsumer: 3, now: () => t });
    expect(await s.check('A', 'x', 1, 100)).toBe(true);
    expect(await s.check('A', 'y', 2, 10)).toBe(true);
    expect(await s.check('B', 'b', 1, 1000)).toBe(true);
    expect(await s.check('C', 'c', 1, 1000)).toBe(true); // forgets x: floor 1 until second 100
    t = 20_000; // y expired: A holds nothing but its floor, which takes a place
    await expect(s.check('D', 'd', 1, 1000)).rejects.toThrow(/is full/);
    expect(s.consumers).toBe(3);
    expect(s.size).toBe(2);
    t = 100_000;
    expect(await s.check('D', 'd', 1, 1000)).toBe(true);
    expect(s.consumers).toBe(3); // B, C and D
  });

  it('with a window of 0 s a timestamp is refused once the clock has passed it', async () => {
    const s = new MemoryNonceStore({ now: () => 5_000, windowSeconds: 0 });
    await expect(s.check('A', 'n', 4, 1, { maxSkewSeconds: 0, now: 5 })).rejects.toThrow(/left the window/);
    expect(await s.check('A', 'n', 5, 1, { maxSkewSeconds: 0, now: 5 })).toBe(true);
  });

  it('keeps a nonce for its own window, not the caller window: a verifier with a larger window finds it', async () => {
    let ms = 1_000_000;
    const s = new MemoryNonceStore({ now: () => ms, windowSeconds: 60 });
    // Recorded by a verifier with a 10 s window at ts = now - 9 ...
    expect(await s.check('A', 'n', 991, 1, { maxSkewSeconds: 10, now: 1000 })).toBe(true);
    // ... is still there 3 s later for one with a 60 s window.
    ms += 3_000;
    expect(await s.check('A', 'n', 991, 1, { maxSkewSeconds: 60, now: 1003 })).toBe(false);
    // A verifier whose window is larger than the store's is the server's mistake.
    await expect(s.check('A', 'm', 1003, 1, { maxSkewSeconds: 61, now: 1003 })).rejects.toMatchObject({
      code: 'ERR_CONFIGURATION',
      field: 'windowSeconds',
      message:
        'a verifier accepts timestamps 61 s old, but this memory nonce store remembers nonces for 60 s (windowSeconds): give the store windowSeconds >= 61',
    });
  });

  it('a consumer with a floor and live nonces that records another still counts as its nonces only', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 3, maxEntriesPerConsumer: 3, now: () => t });
    expect(await s.check('A', 'a1', 1, 100)).toBe(true);
    expect(await s.check('A', 'a2', 2, 100)).toBe(true);
    expect(await s.check('B', 'b1', 1, 1)).toBe(true);
    expect(await s.check('C', 'c1', 1, 100)).toBe(true); // forgets a1: A's floor is 1
    t = 5_000; // b1 expired
    expect(await s.check('A', 'a3', 3, 100)).toBe(true);
    expect(await s.check('D', 'd1', 1, 100)).toBe(true); // full again: forgets a2
    expect(s.size).toBe(3);
    await expect(s.check('A', 'a2', 2, 100)).rejects.toThrow(/timestamps up to 2 were forgotten/);
  });

  it('a floor that expires while its consumer still holds nonces is gone, and a later one starts afresh', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 4, maxEntriesPerConsumer: 4, now: () => t });
    expect(await s.check('A', 'a1', 10, 5)).toBe(true);
    expect(await s.check('A', 'a2', 20, 100)).toBe(true);
    expect(await s.check('A', 'a3', 21, 100)).toBe(true);
    expect(await s.check('B', 'b1', 1, 100)).toBe(true);
    expect(await s.check('C', 'c1', 1, 100)).toBe(true); // forgets a1: A's floor is 10 until second 5
    t = 6_000; // the floor expires (A keeps a2 and a3); full: forgets a2, a new floor of 20
    expect(await s.check('D', 'd1', 1, 100)).toBe(true);
    expect(s.size).toBe(4);
    expect(s.consumers).toBe(4);
    await expect(s.check('A', 'x', 15, 100)).rejects.toThrow(
      /nonces of consumer "A" with timestamps up to 20 were forgotten/,
    );
  });

  it('forgetting another nonce that expires in the same second as the floor leaves the floor where it was filed', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 65, maxEntriesPerConsumer: 65, now: () => t });
    for (let i = 0; i < 65; i++) expect(await s.check('A', `a${i}`, 1, 10)).toBe(true); // all expire at second 10
    expect(await s.check('X', 'x', 1, 10)).toBe(true); // forgets a0: A's floor, until second 10, filed after a64
    expect(await s.check('Y', 'y', 1, 10)).toBe(true); // forgets a1, of the same second: the floor stays put
    expect(s.size).toBe(65);
    t = 10_000; // one check sweeps 64 items of second 10: a2..a64 and A's floor, then x and y would come
    expect(await s.check('Z', 'z', 1, 10)).toBe(true);
    expect(s.size).toBe(3); // x and y (expired, not swept yet) and z
    expect(s.consumers).toBe(3); // X, Y and Z: A went with its floor
  });
});

describe('eviction among consumers tied at the most', () => {
  it('a merchant with 5 nonces among 199 flooders with 5 each keeps its own: the newest arrival pays', async () => {
    let ms = 1_000_000;
    const s = new MemoryNonceStore({ now: () => ms, maxEntries: 1000, maxEntriesPerConsumer: 10 });
    // The merchant gets to 5 first; then 199 flooders, 5 each: the store is full.
    for (let i = 0; i < 5; i++) expect(await s.check('merchant', `m${i}`, 1000, 300)).toBe(true);
    for (let a = 0; a < 199; a++) {
      for (let i = 0; i < 5; i++) expect(await s.check(`flooder-${a}`, `f${i}`, 1000, 300)).toBe(true);
    }
    expect(s.size).toBe(1000);
    // 150 newcomers, each making room at a heaviest consumer's expense.
    for (let n = 0; n < 150; n++) expect(await s.check(`new-${n}`, 'x', 1001, 300)).toBe(true);
    // The merchant's oldest timestamp was never forgotten: no floor refuses it.
    ms += 1000;
    expect(await s.check('merchant', 'm5', 1000, 300)).toBe(true);
    expect(await s.check('merchant', 'm0', 1000, 300)).toBe(false); // still remembered: a replay
  });
});

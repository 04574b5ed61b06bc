/**
 * Issue 20 point 4, third attack: one check used to sweep every nonce expiring in the same second
 * (a million of them: a 330 ms stall). Work is measured by counting what a check removes, never by
 * time. Node project only (vitest.config.ts): it fills a million entries, and no crypto backend
 * is involved.
 */
import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from './index.js';

describe('expiry work per check is bounded', () => {
  it('a check with a million same-second expiries removes at most 65 of them', { timeout: 120_000 }, async () => {
    let t = 0;
    const n = 1_000_000;
    const s = new MemoryNonceStore({ maxEntries: n + 10, maxEntriesPerConsumer: n + 10, now: () => t });
    for (let i = 0; i < n; i++) await s.check('c', String(i), 1, 1);
    expect(s.size).toBe(n);
    t = 5_000; // every one of them has expired, all in the same second
    expect(await s.check('c', 'fresh', 1, 60)).toBe(true);
    const removed = n + 1 - s.size;
    expect(removed).toBeGreaterThan(0);
    expect(removed).toBeLessThanOrEqual(65);
    // An expired nonce not swept yet is still forgotten when it is looked up.
    expect(await s.check('c', String(n - 1), 1, 1)).toBe(true);
    // Each check keeps sweeping: the backlog shrinks, it never grows.
    const before = s.size;
    for (let i = 0; i < 100; i++) await s.check('c', `more-${i}`, 1, 60);
    expect(s.size).toBeLessThan(before - 100 * 60);
  });
});

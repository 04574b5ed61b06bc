import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from './nonce.js';

describe('MemoryNonceStore', () => {
  it('records a triple once and refuses it until it expires', async () => {
    let t = 1_000_000;
    const s = new MemoryNonceStore({ now: () => t });
    expect(await s.check('c', 'n', 1, 10)).toBe(true);
    expect(await s.check('c', 'n', 1, 10)).toBe(false);
    t += 9_999;
    expect(await s.check('c', 'n', 1, 10)).toBe(false);
    t += 1;
    expect(await s.check('c', 'n', 1, 10)).toBe(true);
  });

  it('keeps consumers, nonces and timestamps apart (no key collisions)', async () => {
    const s = new MemoryNonceStore();
    expect(await s.check('a:b', 'c', 1, 60)).toBe(true);
    expect(await s.check('a', 'b:c', 1, 60)).toBe(true);
    expect(await s.check('1', '1', 1, 60)).toBe(true);
    expect(await s.check('11', '', 1, 60)).toBe(true);
    expect(await s.check('a:b', 'c', 2, 60)).toBe(true);
    expect(await s.check('a:b', 'c', 1, 60)).toBe(false);
  });

  it('when full, evicts expired entries, then fails closed rather than forget live nonces', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 3, now: () => t });
    expect(await s.check('c', '1', 0, 10)).toBe(true);
    expect(await s.check('c', '2', 0, 100)).toBe(true);
    expect(await s.check('c', '3', 0, 100)).toBe(true);
    await expect(s.check('c', '4', 0, 100)).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
    t = 10_000; // nonce 1 expired
    expect(await s.check('c', '4', 0, 100)).toBe(true);
    expect(s.size).toBe(3);
    await expect(s.check('c', '5', 0, 100)).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
    expect(await s.check('c', '2', 0, 100)).toBe(false); // still remembered
  });

  it('refuses a bad maxEntries', () => {
    expect(() => new MemoryNonceStore({ maxEntries: 0 })).toThrow(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
  });
});

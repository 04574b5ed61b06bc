import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fixedKey, randomSeed } from './key.js';
import { MemoryNonceStore } from './index.js';

const STORE_ERROR = { code: 'ERR_NONCE_STORE' };

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

  it('a nonce found expired when looked up is forgotten then, even before the sweep reaches it', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ now: () => t });
    for (let i = 0; i < 200; i++) expect(await s.check('c', String(i), 0, 1)).toBe(true);
    t = 999;
    expect(await s.check('c', '199', 0, 1)).toBe(false);
    t = 1000; // the second they expire in: a check sweeps 64 of them, the others are found expired
    expect(await s.check('c', '199', 0, 1)).toBe(true);
    expect(s.size).toBeGreaterThan(100);
    // The sweep reaching the old entry later leaves the one recorded in its place alone.
    for (let i = 0; i < 5; i++) expect(await s.check('c', `x${i}`, 0, 60)).toBe(true);
    expect(s.size).toBe(6);
    expect(await s.check('c', '199', 0, 1)).toBe(false);
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

  it('when full, drops expired entries, then fails closed rather than forget live nonces', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 3, maxEntriesPerConsumer: 3, now: () => t });
    expect(await s.check('c', '1', 0, 10)).toBe(true);
    expect(await s.check('c', '2', 0, 100)).toBe(true);
    expect(await s.check('c', '3', 0, 100)).toBe(true);
    await expect(s.check('c', '4', 0, 100)).rejects.toMatchObject(STORE_ERROR);
    t = 10_000; // nonce 1 expired
    expect(await s.check('c', '4', 0, 100)).toBe(true);
    expect(s.size).toBe(3);
    await expect(s.check('c', '5', 0, 100)).rejects.toMatchObject(STORE_ERROR);
    expect(await s.check('c', '2', 0, 100)).toBe(false); // still remembered
  });

  it("a consumer flooding past its quota never gets another consumer's fresh nonce refused", async () => {
    let t = 5_000_000;
    const s = new MemoryNonceStore({ maxEntries: 1000, maxEntriesPerConsumer: 100, now: () => t });
    for (let i = 0; i < 100; i++) expect(await s.check('A', `a${i}`, 5000, 300)).toBe(true);
    // Beyond its quota: refused, as a store failure (503), not as a replay.
    for (let i = 100; i < 150; i++) await expect(s.check('A', `a${i}`, 5000, 300)).rejects.toMatchObject(STORE_ERROR);
    // B is untouched by A's flood.
    for (let i = 0; i < 100; i++) expect(await s.check('B', `b${i}`, 5000, 300)).toBe(true);
    // A's replays are still replays: nothing was forgotten to make room.
    for (let i = 0; i < 100; i++) expect(await s.check('A', `a${i}`, 5000, 300)).toBe(false);
    // The nonces A was refused were not recorded; the others expire.
    t += 300_000;
    expect(await s.check('A', 'a120', 5000, 300)).toBe(true);
    expect(await s.check('A', 'a0', 5000, 300)).toBe(true);
  });

  it('a quota refusal names the consumer and the option to raise', async () => {
    const s = new MemoryNonceStore({ maxEntriesPerConsumer: 1 });
    await s.check('merchant-7', 'x', 1, 60);
    await expect(s.check('merchant-7', 'y', 1, 60)).rejects.toThrow(/"merchant-7".*maxEntriesPerConsumer/);
  });

  it('expires every entry at its own time whatever the order of insertion, and survives clock jumps', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ now: () => t });
    for (let i = 0; i < 50; i++) await s.check('c', String(i), 0, 50 - i); // expiries 50 s .. 1 s
    for (let sec = 1; sec <= 50; sec++) {
      t = sec * 1000;
      expect(s.size).toBeGreaterThanOrEqual(50 - sec + 1); // swept lazily, on the next check
      expect(await s.check('c', String(50 - sec), 0, 50)).toBe(true); // just expired: fresh again
      expect(sec === 50 || (await s.check('c', String(49 - sec), 0, 1)) === false).toBe(true); // not yet
    }
    t = 10 ** 12; // a jump far ahead, confirmed by the clock running on from there
    expect(await s.check('c', 'late', 0, 1)).toBe(true);
    t += 300_000;
    expect(await s.check('c', 'later', 0, 1)).toBe(true);
    expect(await s.check('c', '0', 0, 50)).toBe(true); // recorded an age ago: forgotten
    t = 5_000; // back in time: what is recorded now lives at least its TTL by the clock it left
    expect(await s.check('c', 'back', 0, 1)).toBe(true);
    t = 10 ** 12 + 300_000;
    expect(await s.check('c', 'back', 0, 1)).toBe(false);
    t += 1_000;
    expect(await s.check('c', 'back', 0, 1)).toBe(true);
  });

  it('refuses bad options and bad arguments with typed errors', async () => {
    for (const o of [{ maxEntries: 0 }, { maxEntriesPerConsumer: 1.5 }, { maxEntries: -1 }]) {
      expect(() => new MemoryNonceStore(o)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
    }
    await expect(new MemoryNonceStore().check('c', 'n', 1, Number.NaN)).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
    });
  });
});

describe('fixed-size keys', () => {
  it('are 16 one-byte characters whatever the input, and differ when any part differs', () => {
    const seed = randomSeed();
    const long = 'é'.repeat(1024) + '\u{1F600}'.repeat(100);
    const keys = new Set<string>();
    for (const parts of [
      ['c', 'n', '1'],
      ['c', 'n', '2'],
      ['c', 'm', '1'],
      ['', '', ''],
      [long, long, '9'.repeat(15)],
      ['cn', '', '1'],
      ['c', 'n1', ''],
    ]) {
      const k = fixedKey(seed, parts);
      expect(k).toMatch(/^[\x00-\xff]{16}$/);
      keys.add(k);
    }
    expect(keys.size).toBe(7);
    expect(fixedKey(seed, ['a', 'b'])).toBe(fixedKey(seed, ['a', 'b']));
    expect(fixedKey(seed, ['a', 'b'])).not.toBe(fixedKey(randomSeed(), ['a', 'b']));
    const many = new Set<string>();
    for (let i = 0; i < 100_000; i++) many.add(fixedKey(seed, ['merchant', i.toString(36), '1700000000']));
    expect(many.size).toBe(100_000);
  });

  it('an entry costs the same whatever the size of the header its nonce was cut from', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const s = new MemoryNonceStore({ maxEntries: 10_000, maxEntriesPerConsumer: 10_000 });
    const n = 2000;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < n; i++) {
      // A padded 8 KiB header; consumer and nonce are substrings of it, as a parser returns them.
      const header = `OAuth oauth_consumer_key="merchant-${i % 7}-padding-padding", oauth_nonce="${i}-${'n'.repeat(30)}", x="${'p'.repeat(8192)}${i}"`;
      const consumer = header.slice(header.indexOf('"') + 1, header.indexOf('", '));
      const at = header.indexOf('oauth_nonce="') + 13;
      await s.check(consumer, header.slice(at, header.indexOf('"', at)), 1, 60);
    }
    gc();
    const perEntry = (process.memoryUsage().heapUsed - before) / n;
    expect(s.size).toBe(n);
    // ~100 bytes measured; holding the headers would be 8 KiB and more.
    expect(perEntry).toBeLessThan(1000);
  });
});

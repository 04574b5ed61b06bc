import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from './index.js';

const STORE_ERROR = { code: 'ERR_NONCE_STORE' };
const INPUT_ERROR = { code: 'ERR_INVALID_INPUT' };

describe('MemoryNonceStore options and arguments', () => {
  it('an option that is not a positive integer is refused, naming the option', () => {
    for (const field of ['maxEntries', 'maxEntriesPerConsumer'] as const) {
      for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
        const make = () => new MemoryNonceStore({ [field]: bad });
        expect(make).toThrow(expect.objectContaining({ ...INPUT_ERROR, field }));
        expect(make).toThrow(`"${field}" must be a positive integer`);
      }
    }
  });

  it('a windowSeconds that is not a non-negative whole number is refused, naming the option', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      const make = () => new MemoryNonceStore({ windowSeconds: bad });
      expect(make).toThrow(expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'windowSeconds' }));
      expect(make).toThrow('"windowSeconds" must be a non-negative whole number of seconds');
    }
    expect(new MemoryNonceStore({ windowSeconds: 0 }).windowSeconds).toBe(0);
  });

  it("without a clock of its own, the store reads the verifier's (context.now, in seconds)", async () => {
    const s = new MemoryNonceStore();
    // At the verifier's second 10 000, a timestamp of 1000 has left the store's 300 s window ...
    await expect(s.check('c', 'n', 1000, 1, { maxSkewSeconds: 300, now: 10_000 })).rejects.toThrow(/left the window/);
    // ... and one of 9800 has not (by Date.now, it would have).
    expect(await s.check('c', 'n', 9800, 1, { maxSkewSeconds: 300, now: 10_000 })).toBe(true);
  });

  it("a maxSkewSeconds that is not a number is not compared with the store's window (as the Redis store ignores it)", async () => {
    const s = new MemoryNonceStore({ now: () => 1_000_000 });
    const context = { maxSkewSeconds: '400' as unknown as number, now: 1000 };
    expect(await s.check('c', 'n', 1000, 1, context)).toBe(true);
  });

  it('a consumer key, nonce or timestamp of the wrong type is refused, and nothing is recorded', async () => {
    const s = new MemoryNonceStore();
    const check = (c: unknown, n: unknown, t: unknown) => s.check(c as string, n as string, t as number, 60);
    const message = 'nonce store: consumer key and nonce must be strings, the timestamp a number';
    for (const [c, n, t] of [
      [1, 'n', 1],
      [undefined, 'n', 1],
      ['c', 1, 1],
      ['c', null, 1],
      ['c', 'n', Number.NaN],
      ['c', 'n', Number.POSITIVE_INFINITY],
      ['c', 'n', '1'],
    ]) {
      await expect(check(c, n, t)).rejects.toMatchObject({ ...INPUT_ERROR, message });
    }
    expect(s.size).toBe(0);
    await expect(s.check('c', 'n', 1, Number.POSITIVE_INFINITY)).rejects.toMatchObject({
      ...INPUT_ERROR,
      message: expect.stringContaining('"ttlSeconds" must be a finite number'),
    });
  });

  it('a clock reading outside the range of a Date is refused rather than kept forever or walked forever', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ now: () => t });
    // The finite readings first: a check that let -Infinity through would never return.
    for (const bad of [
      8.64e15 + 1,
      -8.64e15 - 1,
      2 ** 53 * 1000,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]) {
      t = bad;
      await expect(s.check('c', 'n', 1, 60)).rejects.toMatchObject({
        ...INPUT_ERROR,
        field: 'now',
        message: expect.stringContaining('"now"'),
      });
    }
    const notANumber = new MemoryNonceStore({ now: () => '1000' as unknown as number });
    await expect(notANumber.check('c', 'n', 1, 60)).rejects.toMatchObject({ ...INPUT_ERROR, field: 'now' });
    expect(s.size).toBe(0);
    // The ends of the range of a Date are accepted, and what is recorded there still expires.
    for (const [from, to] of [
      [8.64e15 - 60_000, 8.64e15],
      [-8.64e15, -8.64e15 + 60_000],
    ]) {
      const store = new MemoryNonceStore({ now: () => t });
      t = from!;
      expect(await store.check('c', 'n', 1, 1)).toBe(true);
      t = to!;
      expect(await store.check('c', 'm', 1, 1)).toBe(true);
      expect(store.size).toBe(1);
    }
  });
});

describe('MemoryNonceStore bounds', () => {
  it('the default quota per consumer is a tenth of maxEntries, rounded up', async () => {
    const s = new MemoryNonceStore({ maxEntries: 25 });
    for (let i = 0; i < 3; i++) expect(await s.check('A', `a${i}`, 1, 60)).toBe(true);
    await expect(s.check('A', 'a3', 1, 60)).rejects.toThrow(/"A" holds 3 live nonces \(maxEntriesPerConsumer\)/);
  });

  it('a new consumer is refused only when maxEntries consumers each hold a single nonce', async () => {
    const s = new MemoryNonceStore({ maxEntries: 3 });
    for (const c of ['A', 'B', 'C']) expect(await s.check(c, 'n', 1, 60)).toBe(true);
    await expect(s.check('D', 'n', 1, 60)).rejects.toThrow(
      /^memory nonce store is full \(maxEntries: 3 consumers each hold a live nonce\); refusing to forget any$/,
    );
    expect(s.consumers).toBe(3);
    expect(await s.check('A', 'n', 1, 60)).toBe(false);
  });

  it('a quota refusal shows at most 64 units of the consumer key', async () => {
    const consumer = `${'k'.repeat(64)}-and-the-rest-of-a-long-key`;
    const s = new MemoryNonceStore({ maxEntriesPerConsumer: 1 });
    await s.check(consumer, 'x', 1, 60);
    const refused = s.check(consumer, 'y', 1, 60);
    await expect(refused).rejects.toThrow(`consumer "${'k'.repeat(64)}" holds 1 live nonces`);
    await expect(refused).rejects.not.toThrow('the-rest');
  });

  it('when the store is full, room is made at the expense of a consumer holding the most', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntries: 4, maxEntriesPerConsumer: 3, now: () => t });
    for (const n of ['1', '2', '3']) expect(await s.check('A', n, 100 + Number(n), 10)).toBe(true);
    expect(await s.check('B', '1', 200, 10)).toBe(true);
    // C is served: A's oldest nonce (timestamp 101) is forgotten, B's single one is kept.
    expect(await s.check('C', '1', 300, 10)).toBe(true);
    expect(s.size).toBe(4);
    expect(await s.check('B', '1', 200, 10)).toBe(false);
    expect(await s.check('A', '2', 102, 10)).toBe(false);
    // A's forgotten nonce is never accepted again while it could be a replay: A's floor is 101.
    await expect(s.check('A', '1', 101, 10)).rejects.toThrow(
      /^memory nonce store: nonces of consumer "A" with timestamps up to 101 were forgotten to make room \(maxEntries\)/,
    );
    await expect(s.check('A', 'x', 100, 10)).rejects.toMatchObject(STORE_ERROR);
    t = 10_000; // the forgotten nonce would have expired: the floor goes with it
    expect(await s.check('A', '1', 101, 10)).toBe(true);
  });

  it('a consumer keeps its quota while some of its nonces are still live', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ maxEntriesPerConsumer: 2, now: () => t });
    expect(await s.check('A', '1', 0, 1)).toBe(true);
    expect(await s.check('A', '2', 0, 100)).toBe(true);
    t = 1_000; // nonce 1 expired, nonce 2 still live
    expect(await s.check('A', '3', 0, 100)).toBe(true);
    expect(s.consumers).toBe(1);
    await expect(s.check('A', '4', 0, 100)).rejects.toThrow(/maxEntriesPerConsumer/);
    expect(await s.check('B', '1', 0, 100)).toBe(true);
  });

  it('walking the clock through seconds in which nothing expires', async () => {
    let t = 0;
    const s = new MemoryNonceStore({ now: () => t });
    for (const ttl of [10, 20, 30]) expect(await s.check('c', String(ttl), 0, ttl)).toBe(true);
    for (let sec = 1; sec <= 31; sec++) {
      t = sec * 1000; // one second at a time: fewer seconds to walk than buckets
      expect(await s.check('c', `t${sec}`, 0, 100)).toBe(true);
      expect(s.size).toBe(sec + 3 - [10, 20, 30].filter((e) => e <= sec).length);
    }
  });
});

/**
 * The parts of the memory store on their own: the expiry clock, the bounded expiry queue, and the
 * consumer table that knows who holds the most.
 */
import { describe, expect, it } from 'vitest';
import { CLOCK_STEP_SECONDS, ExpiryClock } from './clock.js';
import { Consumers, type Entry, hasFloor } from './consumers.js';
import { ExpiryQueue } from './expiry.js';

describe('ExpiryClock', () => {
  it('takes the first reading, follows steps forward within 300 s, and never goes back', () => {
    const c = new ExpiryClock();
    expect(new ExpiryClock().read(-5)).toBe(-5); // the first reading is taken, whatever it is
    expect(c.read(1000)).toBe(1000);
    expect(c.read(1000 + CLOCK_STEP_SECONDS)).toBe(1300);
    expect(c.read(900)).toBe(1300);
    expect(c.read(1299)).toBe(1300);
  });

  it('follows a far step forward only once the readings have kept running ahead for 300 s', () => {
    const c = new ExpiryClock();
    c.read(1000);
    expect(c.read(1301)).toBe(1000);
    expect(c.read(1400)).toBe(1000);
    expect(c.read(1600)).toBe(1000); // 299 s after the run began
    expect(c.read(1601)).toBe(1601);
  });

  it('a run ahead ends when a reading comes back in step, and starts again from its own first reading', () => {
    const c = new ExpiryClock();
    c.read(1000);
    c.read(90_000);
    expect(c.read(1010)).toBe(1010); // back: the run ahead is forgotten
    expect(c.read(90_300)).toBe(1010); // a new run, not 300 s after the first one
    expect(c.read(90_599)).toBe(1010);
    expect(c.read(90_600)).toBe(90_600);
  });

  it('a run ahead restarts from a lower reading that is still far ahead', () => {
    const c = new ExpiryClock();
    c.read(1000);
    c.read(50_000);
    c.read(40_000);
    expect(c.read(40_299)).toBe(1000);
    expect(c.read(40_300)).toBe(40_300);
  });
});

describe('ExpiryQueue', () => {
  const take = (q: ExpiryQueue<string>, upTo: number, budget: number) => {
    const out: string[] = [];
    q.take(upTo, budget, out);
    return out;
  };

  it('gives items earliest second first, whatever order they were filed in', () => {
    const q = new ExpiryQueue<string>();
    for (const s of [9, 3, 7, 1, 5, 3, 8, 2, 6, 4]) q.add(s, `at-${s}-${Math.random()}`);
    const out = take(q, 100, 100).map((x) => Number(x.split('-')[1]));
    expect(out).toEqual([1, 2, 3, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('gives nothing after `upTo`, and at most `budget` items', () => {
    const q = new ExpiryQueue<string>();
    for (let i = 0; i < 10; i++) q.add(5, `a${i}`);
    q.add(6, 'b');
    expect(take(q, 4, 100)).toEqual([]);
    expect(take(q, 5, 3)).toEqual(['a0', 'a1', 'a2']);
    expect(take(q, 6, 100)).toEqual(['a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'b']);
    expect(take(q, 1e9, 100)).toEqual([]);
  });

  it('a deleted item is never given, and an emptied second costs one unit of budget', () => {
    const q = new ExpiryQueue<string>();
    q.add(1, 'x');
    q.add(2, 'y');
    q.add(3, 'z');
    q.delete(1, 'x');
    q.delete(2, 'y');
    q.delete(9, 'none');
    expect(take(q, 10, 2)).toEqual([]); // two emptied seconds
    expect(take(q, 10, 1)).toEqual(['z']);
    q.add(1, 'again'); // a second filed anew after it was emptied
    expect(take(q, 10, 5)).toEqual(['again']);
  });

  it('a second taken to the end leaves the queue: it costs nothing in a later take', () => {
    const q = new ExpiryQueue<string>();
    q.add(1, 'x');
    expect(take(q, 10, 5)).toEqual(['x']); // the last second in the queue, emptied and gone
    q.add(2, 'y');
    q.add(2, 'z');
    expect(take(q, 10, 2)).toEqual(['y', 'z']);
  });

  it('deleting one item of a second keeps the others filed there', () => {
    const q = new ExpiryQueue<string>();
    q.add(1, 'x');
    q.add(1, 'y');
    q.delete(1, 'x');
    expect(take(q, 10, 5)).toEqual(['y']);
  });

  it('a second emptied by delete and filed anew before it is taken is walked twice: one more unit of budget', () => {
    const q = new ExpiryQueue<string>();
    q.add(1, 'x');
    q.delete(1, 'x'); // the bucket goes; its second stays in the heap until `take` reaches it
    q.add(1, 'y'); // a new bucket, and the second once more in the heap
    q.add(2, 'z');
    expect(take(q, 10, 3)).toEqual(['y']); // y, then the second 1 twice
    expect(take(q, 10, 3)).toEqual(['z']);
  });
});

describe('Consumers', () => {
  let seq = 0;
  const entry = (owner: ReturnType<Consumers['create']>, key: string): Entry => ({
    key,
    owner,
    seq: seq++,
    timestamp: 0,
    expiry: 0,
    live: true,
  });

  it('knows a consumer holding the most, as counts go up and down', () => {
    const t = new Consumers();
    expect(t.heaviest()).toBeUndefined();
    const a = t.create('a');
    const b = t.create('b');
    const as = [entry(a, 'a1'), entry(a, 'a2'), entry(a, 'a3')];
    for (const e of as) t.add(e);
    const b1 = entry(b, 'b1');
    t.add(b1);
    expect(t.heaviest()).toBe(a);
    t.remove(as[0]!);
    t.remove(as[1]!);
    expect(a.count).toBe(1);
    expect(t.heaviest()?.count).toBe(1);
    t.add(entry(b, 'b2'));
    expect(t.heaviest()).toBe(b);
    t.remove(as[2]!);
    expect(t.get('a')).toBeUndefined(); // nothing left of it
    expect(t.size).toBe(1);
  });

  it('gives the oldest live entry, skipping dead ones, and compacts a queue full of dead entries', () => {
    const t = new Consumers();
    const a = t.create('a');
    const es = Array.from({ length: 100 }, (_, i) => entry(a, `k${i}`));
    for (const e of es) t.add(e);
    t.remove(es[0]!);
    t.remove(es[1]!);
    expect(t.oldest(a)).toBe(es[2]);
    for (let i = 3; i < 90; i++) t.remove(es[i]!);
    expect(a.queue.length).toBeLessThanOrEqual(2 * a.count + 16 + 1);
    expect(t.oldest(a)).toBe(es[2]);
    t.remove(es[2]!);
    expect(t.oldest(a)).toBe(es[90]);
  });

  it('keeps a consumer with a floor after its last entry, and counts it until the floor is cleared', () => {
    const t = new Consumers();
    const a = t.create('a');
    const e = entry(a, 'k');
    t.add(e);
    a.floor = 5;
    a.floorExpiry = 10;
    t.remove(e);
    expect(t.get('a')).toBe(a);
    expect(t.floorOnly).toBe(1);
    t.add(entry(a, 'k2'));
    expect(t.floorOnly).toBe(0);
    t.remove(a.queue.find((x) => x.live)!);
    expect(t.floorOnly).toBe(1);
    t.clearFloor(a);
    expect(hasFloor(a)).toBe(false);
    expect(t.get('a')).toBeUndefined();
    expect(t.floorOnly).toBe(0);
    t.clearFloor(a); // twice: nothing more
    expect(t.floorOnly).toBe(0);
  });

  it('has no oldest entry for a consumer holding none', () => {
    const t = new Consumers();
    const a = t.create('a');
    expect(t.oldest(a)).toBeUndefined();
    const e = entry(a, 'k');
    t.add(e);
    t.remove(e);
    expect(t.oldest(a)).toBeUndefined();
  });

  it('among consumers tied at the most, picks the one whose oldest live entry arrived last, not the last to get there', () => {
    const t = new Consumers();
    const a = t.create('a');
    const b = t.create('b');
    const a1 = entry(a, 'a1');
    for (const e of [a1, entry(a, 'a2'), entry(b, 'b1'), entry(b, 'b2')]) t.add(e);
    t.remove(a1);
    t.add(entry(a, 'a3')); // a is back at 2 after b: its oldest live entry, a2, still arrived before b1
    expect(t.heaviest()).toBe(b);
  });

  it('compares at most 64 consumers tied at the most', () => {
    const t = new Consumers();
    const ps = Array.from({ length: 65 }, (_, i) => t.create(`p${i}`));
    for (const p of ps) t.add(entry(p, p.id));
    // Each newer than the one before; the 65th is not looked at.
    expect(t.heaviest()).toBe(ps[63]);
  });

  it('a consumer moving up leaves the others tied with it at their count', () => {
    const t = new Consumers();
    const a = t.create('a');
    const b = t.create('b');
    t.add(entry(a, 'a1'));
    t.add(entry(b, 'b1'));
    t.add(entry(a, 'a2'));
    expect(t.heaviest()).toBe(a); // b, newer, holds one
  });

  it('a consumer that gave up its last entry leaves nothing among the counts', () => {
    const t = new Consumers();
    const a = t.create('a');
    const a1 = entry(a, 'a1');
    t.add(a1);
    t.remove(a1);
    expect(t.heaviest()).toBeUndefined();
    const b = t.create('b');
    t.add(entry(b, 'b1'));
    expect(t.heaviest()).toBe(b);
  });
});

/**
 * The deadline a check sends to Redis (ARGV[6], Redis ms), computed exactly under a fake clock:
 * the start of the check, plus Redis's clock offset, plus the timeout, minus a margin of a quarter
 * of the timeout (at most 500 ms) and the offset's uncertainty (half the round trip it was
 * measured with). A better measurement of the offset (a shorter round trip) is kept for 10 s
 * against worse ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedisNonceStore } from './index.js';
import { reply, T } from '../../../test/helpers/fake-redis.js';

const D0 = T * 1000;

/**
 * A node-redis look-alike whose Redis clock is `offset()` ms ahead of ours, and whose every call
 * takes `trip()` ms, the Redis time read halfway. Records the arguments of every check.
 */
function clocked(offset: () => number, trip: () => number) {
  const sent: string[][] = [];
  const client = {
    isOpen: true,
    eval(script: string, o: { arguments: string[] }): Promise<unknown> {
      const half = trip() / 2;
      vi.advanceTimersByTime(half);
      const now = Date.now() + offset();
      vi.advanceTimersByTime(half);
      if (script.includes("'INFO', 'replication'")) return Promise.resolve(['master', 0, now, 0]);
      sent.push(o.arguments);
      const r = reply(1);
      r[5] = now;
      return Promise.resolve(r);
    },
    configGet: (p: string) => Promise.resolve({ [p]: 'noeviction' }),
  };
  return { client, sent };
}

/** A store (timeout 2 s) over a clocked client whose offset and round trip the test changes as it goes. */
function steppable(offset: number, trip: number) {
  const clock = { offset, trip };
  const { client, sent } = clocked(
    () => clock.offset,
    () => clock.trip,
  );
  return { store: new RedisNonceStore(client, { timeoutMs: 2000 }), sent, clock };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(D0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RedisNonceStore deadline', () => {
  it('is start + offset + timeout - min(500, timeout / 4) - half the round trip', async () => {
    for (const [timeoutMs, offset, trip, margin] of [
      [2000, 0, 0, 500],
      [1000, 0, 0, 250],
      [4000, 0, 0, 500],
      [1000, 7000, 0, 250],
      [1000, -7000, 0, 250],
      [2000, 7000, 40, 520],
      [2000, 0, 42, 521],
      [3, 0, 0, 0.75],
    ] as const) {
      vi.setSystemTime(D0);
      const { client, sent } = clocked(
        () => offset,
        () => trip,
      );
      const store = new RedisNonceStore(client, { timeoutMs });
      expect(await store.check('c', 'n', T, 10)).toBe(true);
      // The health probe ran first, within the check: the check started at D0.
      expect(sent[0]![5], JSON.stringify({ timeoutMs, offset, trip })).toBe(
        String(Math.floor(D0 + offset + timeoutMs - margin)),
      );
    }
  });

  it('keeps the offset measured with the shorter round trip for 10 s, then takes a newer one', async () => {
    const { store, sent, clock } = steppable(5000, 20);
    await store.check('c', 'a', T, 10); // at D0: offset 5000 measured over 20 ms, uncertainty 10
    // Redis now reads 300 ms further ahead, but over round trips of 200 ms: less certain, not taken.
    Object.assign(clock, { offset: 5300, trip: 200 });
    await store.check('c', 'b', T, 10); // at D0 + 40
    await store.check('c', 'c', T, 10); // at D0 + 240, no health probe (less than a second since)
    expect(sent[2]![5]).toBe(String(D0 + 240 + 5000 + 2000 - 510));
    // 10 s after the good measurement (taken at D0 + 40), a newer one replaces it, however
    // uncertain: the health probe starts at D0 + 9,840 and measures 5300 over 200 ms, read at D0 + 10,040.
    vi.setSystemTime(D0 + 9_840);
    await store.check('c', 'd', T, 10);
    expect(sent[3]![5]).toBe(String(D0 + 9_840 + 5300 + 2000 - 600));
  });

  it('is 0 (none) until the offset is known: a cluster client has no health probe before its first check', async () => {
    const { client, sent } = clocked(
      () => 3000,
      () => 0,
    );
    const store = new RedisNonceStore(Object.assign(client, { isCluster: true }), { prefix: '{p}:', timeoutMs: 1000 });
    await store.check('c', 'a', T, 10);
    await store.check('c', 'b', T, 10);
    expect([sent[0]![5], sent[1]![5]]).toEqual(['0', String(D0 + 3000 + 1000 - 250)]);
  });

  it('takes a newer offset measured as well or better at once', async () => {
    const { store, sent, clock } = steppable(5000, 200);
    await store.check('c', 'a', T, 10); // at D0: offset 5000, uncertainty 100
    clock.offset = 5200; // as uncertain: taken
    await store.check('c', 'b', T, 10); // at D0 + 400
    await store.check('c', 'c', T, 10); // at D0 + 600
    expect(sent[2]![5]).toBe(String(D0 + 600 + 5200 + 2000 - 600));
    Object.assign(clock, { offset: 6000, trip: 0 }); // more certain: taken
    await store.check('c', 'd', T, 10); // at D0 + 800
    await store.check('c', 'e', T, 10); // at D0 + 800
    expect(sent[4]![5]).toBe(String(D0 + 800 + 6000 + 2000 - 500));
  });
});

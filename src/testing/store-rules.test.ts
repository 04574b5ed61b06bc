/**
 * The rules of the nonce-store contract one by one: the checks each rule asks of a store, and the
 * exact words it fails a store with, for stores broken one way each (a store author reads these
 * words to find the bug).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryNonceStore } from '../stores/memory/index.js';
import type { NonceCheckContext, NonceStore } from '../stores/types.js';
import { checkNonceStore, type NonceStoreContractClock, type StoreUnderTest } from './index.js';

/** The clock's start, in seconds: every rule before `expiry` stamps its triples T + 1. */
const T = 1_800_000_000;

function manualClock(): NonceStoreContractClock & { ms: number } {
  const clock = {
    ms: T * 1000,
    now: () => clock.ms / 1000,
    advance: (seconds: number) => {
      clock.ms += seconds * 1000;
    },
  };
  return clock;
}

type Check = NonceStore['check'];

/** A memory store on `clock`, behind a backend that can break, with its check wrapped by `swap`. */
function storeWith(
  clock: { ms: number },
  swap?: (sound: Check) => Check,
  memory: { maxEntriesPerConsumer?: number } = {},
) {
  return (): StoreUnderTest => {
    const backend = { broken: false };
    const inner = new MemoryNonceStore({
      maxEntries: 1050,
      maxEntriesPerConsumer: 100,
      now: () => clock.ms,
      ...memory,
    });
    const sound: Check = (...args) =>
      backend.broken ? Promise.reject(new Error('backend down')) : inner.check(...args);
    return {
      store: { check: swap ? swap(sound) : sound },
      breakBackend: () => {
        backend.broken = true;
      },
    };
  };
}

const SIZES = { flood: 300, crowd: 1000 };

/** The report's messages by rule, with the random part of the contract's consumer names as `<id>`. */
async function messages(swap: (sound: Check) => Check, options = {}) {
  const clock = manualClock();
  const report = await checkNonceStore(storeWith(clock, swap), { clock, ...SIZES, ...options });
  expect(report.passed).toBe(false);
  return Object.fromEntries(
    report.results.filter((r) => !r.passed).map((r) => [r.rule, r.message.replace(/-[0-9a-f]{12}/g, '-<id>')]),
  );
}

const NOT_A_BOOLEAN = 'a store answers true or false, or rejects';

describe('what each rule asks of the store', () => {
  it('asks these checks, in this order (consumer, nonce, timestamp, TTL, the window; the clock at the call)', async () => {
    const clock = manualClock();
    const calls: string[][] = [];
    const make = storeWith(clock, undefined, { maxEntriesPerConsumer: 6 });
    const show = (c: string, n: string, t: number, ttl: number, ctx?: NonceCheckContext) =>
      [
        `@${clock.now() - T}`,
        c.replace(/-[0-9a-f]{12}/, '-<id>'),
        /^[0-9a-f]{32}$/.test(n) ? '<random nonce>' : JSON.stringify(n),
        `ts=T+${t - T}`,
        `ttl=${ttl}`,
        ...(ctx === undefined ? [] : [`window=${JSON.stringify({ ...ctx, now: `T+${ctx.now - T}` })}`]),
      ].join(' ');
    const report = await checkNonceStore(
      () => {
        const made = make();
        const mine: string[] = [];
        calls.push(mine);
        const check: Check = (...args) => {
          mine.push(show(...args));
          return made.store.check(...args);
        };
        return { ...made, store: { check } };
      },
      { clock, flood: 8, crowd: 2, concurrency: 3 },
    );
    // The flooder's last two nonces are over the memory store's quota of 6: refused, allowed.
    expect(report.passed).toBe(true);
    const W = 'window={"maxSkewSeconds":300,"now":"T+0"}';
    const VERIFIER = 'window={"maxSkewSeconds":300,"maxFutureSkewSeconds":30,"now":"T+0"}';
    const fairnessAsks = [
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `@0 flood-<id> "n-${i}" ts=T+1 ttl=302 ${W}`),
      `@0 crowd-0-<id> "n" ts=T+1 ttl=302 ${W}`,
      `@0 crowd-1-<id> "n" ts=T+1 ttl=302 ${W}`,
      `@0 newcomer-<id> "n" ts=T+1 ttl=302 ${W}`,
    ];
    const fairnessReplays = [
      ...[0, 1, 2, 3, 4, 5].map((i) => `@0 flood-<id> "n-${i}" ts=T+1 ttl=302 ${W}`),
      `@0 crowd-0-<id> "n" ts=T+1 ttl=302 ${W}`,
      `@0 crowd-1-<id> "n" ts=T+1 ttl=302 ${W}`,
    ];
    const independent = [
      ['a-<id>', 'n', 1],
      ['a-<id>-2', 'n', 1],
      ['a-<id>', 'n-2', 1],
      ['a-<id>', 'n', 2],
      ['a-<id>:x', 'y', 1],
      ['a-<id>', 'x:y', 1],
      ['a-<id>|x', 'y', 1],
      ['a-<id>', 'x|y', 1],
      ['a-<id>","x', 'y', 1],
      ['a-<id>', 'x","y', 1],
    ].map(([c, n, t]) => `@0 ${c} ${JSON.stringify(n)} ts=T+${t} ttl=${301 + Number(t)} ${W}`);
    expect(calls).toEqual([
      [
        `@0 fresh-<id> "n-1" ts=T+1 ttl=302 ${W}`,
        `@0 fresh-<id> "n-2" ts=T+1 ttl=302 ${W}`,
        `@0 verifier-<id> <random nonce> ts=T+1 ttl=302 ${VERIFIER}`,
      ],
      [
        `@0 replay-<id> "n" ts=T+1 ttl=302 ${W}`,
        `@0 replay-<id> "n" ts=T+1 ttl=302 ${W}`,
        `@0 replay-<id> "n" ts=T+1 ttl=302 ${W}`,
        `@0 verifier-<id> <random nonce> ts=T+1 ttl=302 ${VERIFIER}`,
        `@0 verifier-<id> <random nonce> ts=T+1 ttl=302 ${VERIFIER}`,
      ],
      [...independent, ...independent],
      [
        `@0 race-<id> "n" ts=T+1 ttl=302 ${W}`,
        `@0 race-<id> "n" ts=T+1 ttl=302 ${W}`,
        `@0 race-<id> "n" ts=T+1 ttl=302 ${W}`,
        `@0 race-<id> "m-0" ts=T+1 ttl=302 ${W}`,
        `@0 race-<id> "m-1" ts=T+1 ttl=302 ${W}`,
        `@0 race-<id> "m-2" ts=T+1 ttl=302 ${W}`,
      ],
      [...fairnessAsks, ...fairnessReplays],
      ['@0 expiry-<id> "n" ts=T+1 ttl=2', '@1 expiry-<id> "n" ts=T+1 ttl=2', '@3 expiry-<id> "n" ts=T+1 ttl=2'],
      [
        `@3 broken-<id> "seen" ts=T+4 ttl=302 ${W.replace('T+0', 'T+3')}`,
        `@3 broken-<id> "fresh" ts=T+4 ttl=302 ${W.replace('T+0', 'T+3')}`,
        `@3 broken-<id> "seen" ts=T+4 ttl=302 ${W.replace('T+0', 'T+3')}`,
        `@3 verifier-<id> <random nonce> ts=T+4 ttl=302 ${VERIFIER.replace('T+0', 'T+3')}`,
      ],
    ]);
  });

  it('leaves no call timer running once the report is in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = manualClock();
    const report = await checkNonceStore(storeWith(clock), { clock, flood: 5, crowd: 5, concurrency: 3 });
    expect(report.passed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  afterEach(() => {
    vi.useRealTimers();
  });
});

describe('the words a broken store fails with', () => {
  it('answers that are not booleans: every rule names the first check it read one from', async () => {
    const said = (answer: string) => `it answered "${answer}"; ${NOT_A_BOOLEAN}`;
    expect(
      await messages(
        (sound) =>
          async (...args) =>
            String(await sound(...args)) as never,
      ),
    ).toEqual({
      fresh: `a fresh nonce is accepted: a new triple: ${said('true')}`,
      replay: `a replayed nonce is refused: the first use: ${said('true')}`,
      independent: `consumers, nonces and timestamps are kept apart: the triple ["a-<id>","n",${T + 1}] after others that share parts with it: ${said('true')}`,
      concurrency: `of simultaneous checks of one nonce, exactly one is accepted: a simultaneous check of one triple: ${said('true')}`,
      fairness: `no consumer, nor a crowd of them, locks a new consumer out, and nothing accepted is accepted again: a fresh nonce of a flooding consumer: ${said('true')}`,
      expiry: `a nonce is remembered for its TTL, then forgotten: a new triple with a TTL of 2 s: ${said('true')}`,
      'fail-closed': `a failing backend makes every check reject (ERR_NONCE_STORE): a new triple before the backend broke: ${said('true')}`,
    });
  });

  it('an answer that is an object is shown as the store gave it, not as JSON', async () => {
    const failed = await messages(() => () => Promise.resolve({ accepted: true } as never));
    expect(failed['fresh']).toBe(
      `a fresh nonce is accepted: a new triple: it answered [object Object]; ${NOT_A_BOOLEAN}`,
    );
  });

  it('a store that answers null for a nonce it has seen fails the replays of "replay" and "fairness"', async () => {
    const failed = await messages(
      (sound) =>
        async (...args) =>
          ((await sound(...args)) ? true : null) as never,
    );
    expect(failed['replay']).toBe(
      `a replayed nonce is refused: a replay of an accepted triple: it answered null; ${NOT_A_BOOLEAN}`,
    );
    expect(failed['fairness']).toBe(
      `no consumer, nor a crowd of them, locks a new consumer out, and nothing accepted is accepted again: a replay after the flood: it answered null; ${NOT_A_BOOLEAN}`,
    );
  });

  it('a store keyed by consumer and timestamp only fails "fresh" at the next nonce, and "concurrency" at the distinct ones', async () => {
    const failed = await messages((sound) => (c, _n, t, ttl, ctx) => sound(c, 'one nonce for all', t, ttl, ctx));
    expect(failed['fresh']).toBe("a fresh nonce is accepted: the consumer's next nonce: it answered false");
    expect(failed['concurrency']).toBe(
      'of simultaneous checks of one nonce, exactly one is accepted: 50 simultaneous checks of distinct nonces: it answered false',
    );
  });

  it('a store that accepts every check fails "independent" at the first replay, naming the triple', async () => {
    const failed = await messages(() => () => Promise.resolve(true));
    expect(failed['independent']).toBe(
      `consumers, nonces and timestamps are kept apart: a replay of ["a-<id>","n",${T + 1}]: it answered true`,
    );
  });

  it('a store that forgets a nonce too early fails "expiry" at the replay within the TTL', async () => {
    const early = await messages((sound) => (c, n, t, ttl, ctx) => sound(c, n, t, ttl / 4, ctx));
    expect(early).toEqual({
      expiry:
        'a nonce is remembered for its TTL, then forgotten: a replay 1 s later, within its TTL of 2 s: it answered true',
    });
  });

  it('a store that forgets a nonce when it is replayed fails "replay" at the second replay', async () => {
    const failed = await messages(() => {
      const seen = new Set<string>();
      return (c, n, t) => {
        const key = JSON.stringify([c, n, t]);
        if (seen.delete(key)) return Promise.resolve(false);
        seen.add(key);
        return Promise.resolve(true);
      };
    });
    expect(failed['replay']).toBe('a replayed nonce is refused: a second replay: it answered true');
  });

  it('a store that keeps nonces for a window narrower than verifyOAuth\'s fails "fresh", "replay" and "fail-closed" through verifyOAuth', async () => {
    const clock = manualClock();
    const make = storeWith(clock);
    const report = await checkNonceStore(
      () => {
        const made = make();
        return { ...made, store: { check: made.store.check, windowSeconds: 60 } };
      },
      { clock, ...SIZES },
    );
    expect(report.results.filter((r) => !r.passed).map((r) => r.message)).toEqual([
      'a fresh nonce is accepted: a fresh request through verifyOAuth: refused with ERR_CONFIGURATION',
      'a replayed nonce is refused: a replayed request through verifyOAuth: expected ERR_OAUTH_NONCE_REPLAYED, got ERR_CONFIGURATION',
      'a failing backend makes every check reject (ERR_NONCE_STORE): a request through verifyOAuth with the backend broken: expected ERR_NONCE_STORE, got ERR_CONFIGURATION',
    ]);
  });

  it('a store that rejects a check while the same triple is in flight fails "concurrency", showing the rejection with its code', async () => {
    const failed = await messages(
      (sound) => {
        const inFlight = new Set<string>();
        return async (c, n, t, ttl, ctx) => {
          const key = JSON.stringify([c, n, t]);
          if (inFlight.has(key)) throw Object.assign(new Error('lock busy'), { code: 'ELOCKED' });
          inFlight.add(key);
          try {
            await new Promise((r) => setTimeout(r, 1));
            return await sound(c, n, t, ttl, ctx);
          } finally {
            inFlight.delete(key);
          }
        };
      },
      { flood: 5, crowd: 5 },
    );
    expect(failed).toEqual({
      concurrency:
        'of simultaneous checks of one nonce, exactly one is accepted: 50 simultaneous checks of one triple: it rejected (ELOCKED: lock busy)',
    });
  });

  it('a store that answers false (a replay) to a flooder over its quota fails "fairness", naming the flooder', async () => {
    const failed = await messages((sound) => {
      const held = new Map<string, number>();
      return (c, ...rest) => {
        const count = (held.get(c) ?? 0) + 1;
        held.set(c, count);
        return count > 100 ? Promise.resolve(false) : sound(c, ...rest);
      };
    });
    expect(failed).toEqual({
      fairness:
        'no consumer, nor a crowd of them, locks a new consumer out, and nothing accepted is accepted again: a fresh nonce of a flooding consumer: it answered false (refusing is allowed, calling it a replay is not)',
    });
  });

  it('a store that answers false to new consumers once it holds 100 fails "fairness", naming the crowd', async () => {
    const failed = await messages((sound) => {
      const consumers = new Set<string>();
      return (c, ...rest) => {
        if (!consumers.has(c) && consumers.size >= 100) return Promise.resolve(false);
        consumers.add(c);
        return sound(c, ...rest);
      };
    });
    expect(failed).toEqual({
      fairness:
        "no consumer, nor a crowd of them, locks a new consumer out, and nothing accepted is accepted again: a crowd member's fresh nonce: it answered false (refusing is allowed, calling it a replay is not)",
    });
  });

  it('a store that makes room by forgetting the oldest nonce fails "fairness", naming the nonce accepted twice', async () => {
    const failed = await messages(() => {
      const held: string[] = [];
      return (c, n, t) => {
        const key = JSON.stringify([c, n, t]);
        if (held.includes(key)) return Promise.resolve(false);
        if (held.push(key) > 200) held.shift();
        return Promise.resolve(true);
      };
    });
    expect(failed['fairness']).toBe(
      'no consumer, nor a crowd of them, locks a new consumer out, and nothing accepted is accepted again: a replay of ["flood-<id>","n-0"], accepted before the flood, was accepted again',
    );
  });

  it('a store that never forgets says how long it was given; one that keeps nonces for twice their TTL fails too', async () => {
    const never = await messages((sound) => (c, n, t, _ttl, ctx) => sound(c, n, t, 1e9, ctx));
    expect(never).toEqual({
      expiry:
        'a nonce is remembered for its TTL, then forgotten: the same triple 3 s later (TTL 2 s + 1 s slack): not forgotten: it answered false',
    });
    const twice = await messages((sound) => (c, n, t, ttl, ctx) => sound(c, n, t, ttl * 2, ctx));
    expect(twice).toEqual(never);
  });

  it('a makeStore that gives no breakBackend fails "fail-closed" saying so', async () => {
    const clock = manualClock();
    const make = storeWith(clock);
    const report = await checkNonceStore(() => ({ store: make().store }) as StoreUnderTest, { clock, ...SIZES });
    expect(report.results.filter((r) => !r.passed).map((r) => r.message)).toEqual([
      'a failing backend makes every check reject (ERR_NONCE_STORE): makeStore gave no breakBackend()',
    ]);
  });
});

/**
 * The nonce-store contract against stores broken on purpose, one way each: every one must fail
 * the rule it breaks, by name, and pass the others; a sound store passes them all.
 */
import { StoreContractError } from '../errors/index.js';
import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from '../stores/memory/index.js';
import type { NonceCheckContext, NonceStore } from '../stores/types.js';
import { assertNonceStore, checkNonceStore, type NonceStoreContractClock, type StoreUnderTest } from './index.js';

/** A clock the tests move by hand; the stores below read it. */
function manualClock(): NonceStoreContractClock & { ms: number } {
  const clock = {
    ms: 1_800_000_000_000,
    now: () => clock.ms / 1000,
    advance: (seconds: number) => {
      clock.ms += seconds * 1000;
    },
  };
  return clock;
}

type Check = NonceStore['check'];

/** A sound store (the memory store) behind a backend that can break, with one behaviour swapped. */
function storeWith(clock: { ms: number }, swap?: (inner: Check, backend: { broken: boolean }) => Check) {
  return (): StoreUnderTest => {
    const backend = { broken: false };
    const inner = new MemoryNonceStore({ maxEntries: 1050, maxEntriesPerConsumer: 100, now: () => clock.ms });
    const sound: Check = (...args) =>
      backend.broken ? Promise.reject(new Error('backend down')) : inner.check(...args);
    return {
      store: { check: swap ? swap(sound, backend) : sound },
      breakBackend: () => {
        backend.broken = true;
      },
    };
  };
}

const OPTIONS = { flood: 300, crowd: 1000 };

/** Answers `value` when the backend is down; the store's own refusals (quotas) still reject. */
const swallow = (value: boolean) => (e: unknown) =>
  e instanceof Error && e.message === 'backend down' ? value : Promise.reject(e);

/** A plain map store (no bounds), keyed by `keyOf`. */
function mapStore(clock: { ms: number }, keyOf: (c: string, n: string, t: number) => string) {
  return (): StoreUnderTest => {
    const held = new Map<string, number>();
    let broken = false;
    const check: Check = (c, n, t, ttl) => {
      if (broken) return Promise.reject(new Error('backend down'));
      const key = keyOf(c, n, t);
      if ((held.get(key) ?? 0) > clock.ms) return Promise.resolve(false);
      held.set(key, clock.ms + ttl * 1000);
      return Promise.resolve(true);
    };
    return {
      store: { check },
      breakBackend: () => {
        broken = true;
      },
    };
  };
}

async function failedRules(swap: Parameters<typeof storeWith>[1], options = {}) {
  const clock = manualClock();
  const report = await checkNonceStore(storeWith(clock, swap), { clock, ...OPTIONS, ...options });
  return { report, failed: report.results.filter((r) => !r.passed).map((r) => r.rule) };
}

describe('the nonce-store contract', () => {
  it('a sound store passes every rule, in order', async () => {
    const { report, failed } = await failedRules(undefined);
    expect(failed).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.results.map((r) => r.rule)).toEqual([
      'fresh',
      'replay',
      'independent',
      'concurrency',
      'fairness',
      'expiry',
      'fail-closed',
    ]);
  });

  it('a store that accepts a replay fails "replay" (and every rule that replays), naming the rule', async () => {
    const { report, failed } = await failedRules(() => () => Promise.resolve(true));
    expect(failed).toEqual(['replay', 'independent', 'concurrency', 'fairness', 'expiry', 'fail-closed']);
    expect(report.results.find((r) => r.rule === 'replay')!.message).toBe(
      'a replayed nonce is refused: a replay of an accepted triple: it answered true',
    );
  });

  it('a store that swallows its backend error and answers true fails "fail-closed" only', async () => {
    const { report, failed } = await failedRules(
      (sound) =>
        (...args) =>
          sound(...args).catch(swallow(true)),
    );
    expect(failed).toEqual(['fail-closed']);
    expect(report.results.at(-1)!.message).toMatch(
      /^a failing backend makes every check reject \(ERR_NONCE_STORE\): a fresh triple with the backend broken: it answered true; a failing backend must make the check reject$/,
    );
  });

  it('assertNonceStore throws a StoreContractError (a PaysigError) with one line per failed rule', async () => {
    const clock = manualClock();
    const broken = storeWith(
      clock,
      (sound) =>
        (...args) =>
          sound(...args).catch(swallow(false)),
    );
    const failure = await assertNonceStore(broken, { clock, ...OPTIONS }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StoreContractError);
    expect(failure).toMatchObject({ code: 'ERR_STORE_CONTRACT', failedRules: ['fail-closed'] });
    expect((failure as Error).message).toBe(
      'nonce store contract: 1 of 7 rules failed\n- fail-closed: a failing backend makes every check reject (ERR_NONCE_STORE): a fresh triple with the backend broken: it answered false; a failing backend must make the check reject',
    );
    const sound = await assertNonceStore(storeWith(clock), { clock, ...OPTIONS });
    expect(sound.passed).toBe(true);
  });

  it('answers that are not booleans fail every rule that reads them', async () => {
    const { report, failed } = await failedRules(
      (sound) =>
        async (...args) =>
          ((await sound(...args)) ? 1 : 0) as never,
    );
    expect(failed).toEqual(['fresh', 'replay', 'independent', 'concurrency', 'fairness', 'expiry', 'fail-closed']);
    expect(report.results[0]!.message).toContain(
      'a new triple: it answered 1; a store answers true or false, or rejects',
    );
  });

  it('a check-then-set store that is not atomic fails "concurrency"', async () => {
    const seen = new Set<string>();
    const { report, failed } = await failedRules(
      () => async (c, n, t) => {
        const key = JSON.stringify([c, n, t]);
        const had = seen.has(key);
        await new Promise((r) => setTimeout(r, 1));
        seen.add(key);
        return !had;
      },
      { crowd: 100 },
    );
    expect(failed).toEqual(['concurrency', 'expiry', 'fail-closed']);
    expect(report.results[3]!.message).toMatch(/50 simultaneous checks of one triple: 50 accepted, not exactly one$/);
  });

  it('a store that joins the parts with a separator fails "independent"', async () => {
    const clock = manualClock();
    const sound = await checkNonceStore(
      mapStore(clock, (c, n, t) => JSON.stringify([c, n, t])),
      { clock, ...OPTIONS },
    );
    expect(sound.passed).toBe(true);
    const joined = await checkNonceStore(
      mapStore(clock, (c, n, t) => `${c}:${n}:${t}`),
      { clock, ...OPTIONS },
    );
    expect(joined.results.filter((r) => !r.passed).map((r) => r.rule)).toEqual(['independent']);
    expect(joined.results[2]!.message).toMatch(/after others that share parts with it: it answered false$/);
  });

  it('a consumer table that refuses newcomers when full fails "fairness"', async () => {
    const { report, failed } = await failedRules((sound) => {
      const consumers = new Set<string>();
      return (c, ...rest) => {
        if (!consumers.has(c) && consumers.size >= 500) return Promise.reject(new Error('too many consumers'));
        consumers.add(c);
        return sound(c, ...rest);
      };
    });
    expect(failed).toEqual(['fairness']);
    expect(report.results[4]!.message).toContain(
      'a new consumer after one consumer sent 300 nonces and 1000 consumers',
    );
  });

  it('a store that never forgets, or forgets too early, fails "expiry"', async () => {
    const never = await failedRules((sound) => (c, n, t, _ttl, ctx?: NonceCheckContext) => sound(c, n, t, 1e9, ctx));
    expect(never.failed).toEqual(['expiry']);
    expect(never.report.results[5]!.message).toContain('not forgotten');
    const early = await failedRules((sound) => (c, n, t, ttl, ctx) => sound(c, n, t, ttl / 4, ctx));
    expect(early.failed).toEqual(['expiry']);
    expect(early.report.results[5]!.message).toContain('within its TTL of 2 s: it answered true');
  });

  it('a check that hangs once its backend is broken fails "fail-closed" within the call timeout', async () => {
    const { report, failed } = await failedRules(
      (sound, backend) =>
        (...args) =>
          backend.broken ? new Promise<boolean>(() => {}) : sound(...args),
      { callTimeoutMs: 50 },
    );
    expect(failed).toEqual(['fail-closed']);
    expect(report.results[6]!.message).toContain('it did not settle within the call timeout');
  });

  it('a makeStore that throws, or returns no store, fails each rule with the reason; bad options are refused', async () => {
    const report = await checkNonceStore(() => {
      throw new Error('no table');
    });
    expect(report.results.every((r) => !r.passed && r.message.endsWith('the rule could not run: no table'))).toBe(true);
    const none = await checkNonceStore(() => ({}) as StoreUnderTest);
    expect(none.results[0]!.message).toContain('makeStore must return { store, breakBackend }');
    for (const field of ['flood', 'crowd', 'concurrency', 'ttlSeconds', 'expirySlackSeconds', 'callTimeoutMs']) {
      await expect(checkNonceStore(storeWith(manualClock()), { [field]: 0 })).rejects.toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field,
      });
    }
    await expect(checkNonceStore(undefined as never)).rejects.toMatchObject({ field: 'makeStore' });
    await expect(checkNonceStore(storeWith(manualClock()), { clock: {} as never })).rejects.toMatchObject({
      field: 'clock',
    });
  });

  it('disposes of every store it made, even when a rule fails', async () => {
    let made = 0;
    let disposed = 0;
    const clock = manualClock();
    const make = storeWith(clock, () => () => Promise.resolve(true));
    await checkNonceStore(
      () => {
        made++;
        return { ...make(), dispose: () => void disposed++ };
      },
      { clock, ...OPTIONS },
    );
    expect(made).toBe(7);
    expect(disposed).toBe(7);
  });
  it('reports a dispose that throws as the failure of a rule that passed, with the error code, and keeps a rule failure first', async () => {
    const clock = manualClock();
    const rules = async (dispose: () => never, swap?: Parameters<typeof storeWith>[1]) => {
      const make = storeWith(clock, swap);
      const report = await checkNonceStore(() => ({ ...make(), dispose }), { clock, ...OPTIONS });
      return report.results.map((r) => r.message);
    };
    const coded = await rules(() => {
      throw Object.assign(new Error('pool already closed'), { code: 'EPOOLCLOSED' });
    });
    expect(coded[0]).toBe('a fresh nonce is accepted: dispose failed: EPOOLCLOSED: pool already closed');
    expect(coded.every((m) => m.endsWith(': dispose failed: EPOOLCLOSED: pool already closed'))).toBe(true);
    const numbered = await rules(() => {
      throw Object.assign(new Error('pool already closed'), { code: 53 });
    });
    expect(numbered[0]).toBe('a fresh nonce is accepted: dispose failed: pool already closed');
    const thrownText = await rules(() => {
      throw 'pool already closed';
    });
    expect(thrownText[0]).toBe('a fresh nonce is accepted: dispose failed: pool already closed');
    const replaying = await rules(
      () => {
        throw new Error('pool already closed');
      },
      () => () => Promise.resolve(true),
    );
    expect(replaying[1]).toBe('a replayed nonce is refused: a replay of an accepted triple: it answered true');
  });

  it('a store that passes every rule gets each rule described, and nothing more', async () => {
    const { report } = await failedRules(undefined);
    expect(report.results.map((r) => [r.rule, r.passed, r.message])).toEqual([
      ['fresh', true, 'a fresh nonce is accepted'],
      ['replay', true, 'a replayed nonce is refused'],
      ['independent', true, 'consumers, nonces and timestamps are kept apart'],
      ['concurrency', true, 'of simultaneous checks of one nonce, exactly one is accepted'],
      [
        'fairness',
        true,
        'no consumer, nor a crowd of them, locks a new consumer out, and nothing accepted is accepted again',
      ],
      ['expiry', true, 'a nonce is remembered for its TTL, then forgotten'],
      ['fail-closed', true, 'a failing backend makes every check reject (ERR_NONCE_STORE)'],
    ]);
  });

  it('one failed rule makes the whole report fail; assertNonceStore lists each failed rule on a line of its own', async () => {
    const { report } = await failedRules(
      (sound) => (c, n, t, _ttl, ctx?: NonceCheckContext) => sound(c, n, t, 1e9, ctx),
    );
    expect(report.results.filter((r) => r.passed)).toHaveLength(6);
    expect(report.passed).toBe(false);
    const clock = manualClock();
    const twoBroken = storeWith(
      clock,
      (sound) => (c, n, t, _ttl, ctx?: NonceCheckContext) => sound(c, n, t, 1e9, ctx).catch(swallow(false)),
    );
    await expect(assertNonceStore(twoBroken, { clock, ...OPTIONS })).rejects.toMatchObject({
      code: 'ERR_STORE_CONTRACT',
      failedRules: ['expiry', 'fail-closed'],
      message:
        'nonce store contract: 2 of 7 rules failed\n' +
        '- expiry: a nonce is remembered for its TTL, then forgotten: the same triple 3 s later (TTL 2 s + 1 s slack): not forgotten: it answered false\n' +
        '- fail-closed: a failing backend makes every check reject (ERR_NONCE_STORE): a fresh triple with the backend broken: it answered false; a failing backend must make the check reject',
    });
  });

  it('a makeStore that returns null, or a function carrying a store, fails every rule with what it must return', async () => {
    const clock = manualClock();
    const make = storeWith(clock);
    const shape = 'makeStore must return { store, breakBackend } with a store that has check()';
    for (const wrong of [() => null, () => Object.assign(() => {}, make())]) {
      const report = await checkNonceStore(wrong as never, { clock, ...OPTIONS });
      expect(report.results.map((r) => r.message.slice(r.message.indexOf(': ') + 2))).toEqual(Array(7).fill(shape));
    }
  });

  it('refuses a size that is not a whole number, a clock missing now() or advance(), and a makeStore that is no function, saying what is wanted', async () => {
    const make = storeWith(manualClock());
    for (const field of ['flood', 'crowd', 'concurrency', 'ttlSeconds', 'expirySlackSeconds', 'callTimeoutMs']) {
      await expect(checkNonceStore(make, { [field]: 1.5 })).rejects.toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field,
        message: `"${field}" must be a positive integer`,
      });
    }
    const { now, advance } = manualClock();
    for (const clock of [{ now }, { advance }]) {
      await expect(checkNonceStore(make, { clock: clock as never, flood: 5, crowd: 5 })).rejects.toMatchObject({
        field: 'clock',
        message: '"clock" must have now() and advance(seconds)',
      });
    }
    await expect(checkNonceStore('a store' as never)).rejects.toMatchObject({
      field: 'makeStore',
      message: '"makeStore" must be a function that returns { store, breakBackend }',
    });
  });
});

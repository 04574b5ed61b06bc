/**
 * The contract every {@link NonceStore} must meet, as a function any test runner (or a plain
 * script) can call: {@link checkNonceStore} runs each rule on a fresh store and returns a report;
 * {@link assertNonceStore} throws when a rule fails. paysig's own stores run it in their tests.
 *
 * @module
 */
import { InvalidInputError, StoreContractError } from '../errors/index.js';
import type { NonceStore } from '../stores/types.js';
import {
  messageOf,
  type NonceStoreContractClock,
  type NonceStoreRule,
  RULES,
  type RuleContext,
  Violation,
} from './store-rules.js';

export type { NonceStoreContractClock, NonceStoreRule };

/** What `makeStore` gives {@link checkNonceStore} for one rule. */
export interface StoreUnderTest {
  /** A store with nothing recorded that any other rule can see (its own key prefix, say). */
  store: NonceStore;
  /**
   * Makes the store's backend fail from now on: close its client, stop its server, point it at a
   * closed port. The `fail-closed` rule calls it, then expects every check to reject.
   */
  breakBackend: () => void | Promise<void>;
  /** Releases what `makeStore` took (a client, a connection); called after each rule. */
  dispose?: () => void | Promise<void>;
}

/** Options of {@link checkNonceStore}. */
export interface NonceStoreContractOptions {
  /**
   * The clock; default: real time (`Date.now`, and `advance` waits). Give one that moves the
   * store's own clock (the `now` option of `MemoryNonceStore`) for a run that does not wait.
   */
  clock?: NonceStoreContractClock;
  /**
   * The TTL, in seconds, of the `expiry` rule (default 2): a nonce must be remembered for half of
   * it and forgotten once `ttlSeconds + expirySlackSeconds` have passed. In real time the rule
   * takes that long.
   */
  ttlSeconds?: number;
  /** How long, in seconds, a store may keep a nonce past its TTL (default 1: one-second buckets). */
  expirySlackSeconds?: number;
  /** Fresh nonces one consumer sends in the `fairness` rule (default 1000); it may be refused some. */
  flood?: number;
  /** Consumers holding one nonce each in the `fairness` rule (default 1000). */
  crowd?: number;
  /** Simultaneous checks of one nonce in the `concurrency` rule (default 50). */
  concurrency?: number;
  /** Longest a check may take, in milliseconds, even with its backend broken (default 10 000). */
  callTimeoutMs?: number;
}

/** The outcome of one rule. */
export interface NonceStoreRuleResult {
  /** The rule. */
  readonly rule: NonceStoreRule;
  /** Whether the store met it. */
  readonly passed: boolean;
  /** What the rule checks, and when it failed, what the store did instead. */
  readonly message: string;
}

/** What {@link checkNonceStore} found. */
export interface NonceStoreContractReport {
  /** Whether every rule passed. */
  readonly passed: boolean;
  /** One result per rule, in the order they ran. */
  readonly results: readonly NonceStoreRuleResult[];
}

const REAL_TIME: NonceStoreContractClock = {
  now: () => Date.now() / 1000,
  advance: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
};

function count(options: NonceStoreContractOptions, field: keyof NonceStoreContractOptions, fallback: number): number {
  const value = options[field] ?? fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidInputError(`"${field}" must be a positive integer`, { field });
  }
  return value;
}

/**
 * Runs every rule of the nonce-store contract, each on a store of its own from `makeStore`, and
 * reports which the store meets. It never throws for a failing store (see
 * {@link assertNonceStore}), and imports no test runner: call it from vitest, node:test, jest or
 * a script.
 *
 * The rules: `fresh` (a new triple is accepted, and a request verifies through `verifyOAuth`);
 * `replay` (a triple is refused the second time, and `verifyOAuth` answers
 * `ERR_OAUTH_NONCE_REPLAYED`); `independent` (consumers, nonces and timestamps are kept apart,
 * however the parts could be joined); `concurrency` (of 50 simultaneous checks of one triple,
 * exactly one is accepted); `fairness` (after one consumer floods and many hold a nonce each, a
 * new consumer is accepted, and no accepted nonce is ever accepted again); `expiry` (a nonce is
 * remembered for its TTL and forgotten soon after; checked with the four-argument call, since
 * with the window a timestamp leaves it for good); `fail-closed` (with its backend broken, every
 * check rejects, so `verifyOAuth` answers `ERR_NONCE_STORE`). Every answer must be `true` or
 * `false`, or a rejection, within `callTimeoutMs`.
 *
 * @param makeStore a new store for each rule, with the hook that breaks its backend
 * @param options clock, sizes and timeouts
 * @returns one result per rule
 * @throws {@link index!InvalidInputError} for an option out of range
 *
 * @example
 * ```ts
 * const report = await checkNonceStore(() => {
 *   const store = new MyStore(freshTable());
 *   return { store, breakBackend: () => store.table.close() };
 * });
 * for (const r of report.results) console.log(r.passed ? 'ok  ' : 'FAIL', r.rule, r.message);
 * ```
 */
export async function checkNonceStore(
  makeStore: () => StoreUnderTest | Promise<StoreUnderTest>,
  options: NonceStoreContractOptions = {},
): Promise<NonceStoreContractReport> {
  if (typeof makeStore !== 'function') {
    throw new InvalidInputError('"makeStore" must be a function that returns { store, breakBackend }', {
      field: 'makeStore',
    });
  }
  const clock = options.clock ?? REAL_TIME;
  if (typeof clock.now !== 'function' || typeof clock.advance !== 'function') {
    throw new InvalidInputError('"clock" must have now() and advance(seconds)', { field: 'clock' });
  }
  const settings = {
    ttlSeconds: count(options, 'ttlSeconds', 2),
    expirySlackSeconds: count(options, 'expirySlackSeconds', 1),
    flood: count(options, 'flood', 1000),
    crowd: count(options, 'crowd', 1000),
    concurrency: count(options, 'concurrency', 50),
    callTimeoutMs: count(options, 'callTimeoutMs', 10_000),
  };
  const results: NonceStoreRuleResult[] = [];
  for (const [rule, what, run] of RULES) {
    let made: StoreUnderTest | undefined;
    let failure: string | undefined;
    try {
      made = await makeStore();
      if (made === null || typeof made !== 'object' || typeof made.store?.check !== 'function') {
        throw new Violation('makeStore must return { store, breakBackend } with a store that has check()');
      }
      const context: RuleContext = { ...settings, store: made.store, clock, breakBackend: made.breakBackend };
      await run(context);
    } catch (e) {
      failure = e instanceof Violation ? e.message : `the rule could not run: ${messageOf(e)}`;
    } finally {
      try {
        await made?.dispose?.();
      } catch (e) {
        failure ??= `dispose failed: ${messageOf(e)}`;
      }
    }
    results.push({
      rule,
      passed: failure === undefined,
      message: failure === undefined ? what : `${what}: ${failure}`,
    });
  }
  return { passed: results.every((r) => r.passed), results };
}

/**
 * Runs {@link checkNonceStore} and throws a plain `Error` naming every rule the store fails
 * (one line each), so a test fails with the reason; resolves with the report when all pass.
 *
 * @param makeStore a new store for each rule, with the hook that breaks its backend
 * @param options clock, sizes and timeouts
 * @returns the report, every rule passed
 * @throws {@link index!StoreContractError} (`ERR_STORE_CONTRACT`) when a rule fails; {@link index!InvalidInputError} for an option out of range
 *
 * @example
 * ```ts
 * import { MemoryNonceStore } from 'paysig';
 * import { assertNonceStore } from 'paysig/testing';
 *
 * // `test` of node:test, vitest or jest
 * test('the memory store meets the nonce-store contract', async () => {
 *   let ms = Date.now();
 *   await assertNonceStore(
 *     () => {
 *       let broken = false;
 *       const store = new MemoryNonceStore({ now: () => (broken ? Number.NaN : ms) });
 *       return { store, breakBackend: () => { broken = true; } };
 *     },
 *     { clock: { now: () => ms / 1000, advance: (s) => { ms += s * 1000; } } },
 *   );
 * });
 * ```
 */
export async function assertNonceStore(
  makeStore: () => StoreUnderTest | Promise<StoreUnderTest>,
  options: NonceStoreContractOptions = {},
): Promise<NonceStoreContractReport> {
  const report = await checkNonceStore(makeStore, options);
  const failed = report.results.filter((r) => !r.passed);
  if (failed.length > 0) {
    const lines = failed.map((r) => `- ${r.rule}: ${r.message}`);
    throw new StoreContractError(
      `nonce store contract: ${failed.length} of ${report.results.length} rules failed\n${lines.join('\n')}`,
      failed.map((r) => r.rule),
    );
  }
  return report;
}

/**
 * The rules of the nonce-store contract ({@link checkNonceStore}), one function each. A rule
 * throws {@link Violation} with what the store did wrong; the runner names the rule.
 *
 * @module
 * @internal
 */
import { randomBytes } from '#crypto';
import { toHex } from '../encoding/hex.js';
import { signOAuth } from '../schemes/oauth/sign.js';
import { verifyOAuth } from '../schemes/oauth/verify.js';
import type { NonceStore } from '../stores/types.js';

/** The rules of the contract, in the order they run. */
export type NonceStoreRule = 'fresh' | 'replay' | 'independent' | 'concurrency' | 'fairness' | 'expiry' | 'fail-closed';

/** The clock the contract and the store share, for stores whose clock can be set (default: real time). */
export interface NonceStoreContractClock {
  /** Now, in seconds since the epoch. */
  now(): number;
  /** Moves the store's clock `seconds` forward (real time waits that long). */
  advance(seconds: number): void | Promise<void>;
}

/** A broken rule, in words. @internal */
export class Violation extends Error {
  override name = 'Violation';
}

/** What a rule runs with. @internal */
export interface RuleContext {
  store: NonceStore;
  breakBackend: () => void | Promise<void>;
  clock: NonceStoreContractClock;
  ttlSeconds: number;
  expirySlackSeconds: number;
  flood: number;
  crowd: number;
  concurrency: number;
  callTimeoutMs: number;
}

/** The error's code and message, for a report. @internal */
export function messageOf(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${e.message}` : e.message;
  }
  return String(e);
}

/** The window `verifyOAuth` uses by default. */
const SKEW = 300;
const SECRET = 'paysig-contract-secret';

type Outcome = { answer: unknown } | { error: unknown };

/** A name no other run or rule uses. */
const unique = (label: string) => `${label}-${toHex(randomBytes(6))}`;
/** A timestamp just ahead of now: after the store's creation, within the window. */
const stamp = (c: RuleContext) => Math.floor(c.clock.now()) + 1;

/** One check as `verifyOAuth` makes it (TTL and window from the clock), settled within the timeout. */
async function ask(c: RuleContext, consumer: string, nonce: string, timestamp: number, ttl?: number): Promise<Outcome> {
  const now = c.clock.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call =
    ttl === undefined
      ? () =>
          c.store.check(consumer, nonce, timestamp, Math.max(1, Math.ceil(timestamp + SKEW - now) + 1), {
            maxSkewSeconds: SKEW,
            now,
          })
      : () => c.store.check(consumer, nonce, timestamp, ttl);
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ error: new Violation('timed out') }), c.callTimeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(call)
        .then(
          (answer): Outcome => ({ answer }),
          (error: unknown): Outcome => ({ error }),
        ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function shown(o: Outcome): string {
  if ('error' in o) {
    return o.error instanceof Violation
      ? `it did not settle within the call timeout`
      : `it rejected (${messageOf(o.error)})`;
  }
  return `it answered ${typeof o.answer === 'string' ? JSON.stringify(o.answer) : String(o.answer)}`;
}

/** The answer, which must be a boolean; `want` when given. */
function answer(o: Outcome, what: string, want?: boolean): boolean | undefined {
  if ('error' in o) {
    if (want === undefined && !(o.error instanceof Violation)) return undefined;
    throw new Violation(`${what}: ${shown(o)}`);
  }
  if (typeof o.answer !== 'boolean')
    throw new Violation(`${what}: ${shown(o)}; a store answers true or false, or rejects`);
  if (want !== undefined && o.answer !== want) throw new Violation(`${what}: ${shown(o)}`);
  return o.answer;
}

/** A request signed now, and the options to verify it with the store under test. */
async function signed(c: RuleContext) {
  const now = c.clock.now();
  const url = 'https://contract.example/api/v2/payout/1';
  const consumerKey = unique('verifier');
  const r = await signOAuth({
    method: 'POST',
    url,
    params: [],
    consumerKey,
    consumerSecret: SECRET,
    signatureMethod: 'HMAC-SHA1',
    timestamp: Math.floor(now) + 1,
  });
  const request = { method: 'POST', url, params: [], authorization: r.authorization };
  return { request, options: { credentials: () => ({ consumerSecret: SECRET }), nonceStore: c.store, now } };
}

async function verifyCode(request: Awaited<ReturnType<typeof signed>>): Promise<string> {
  try {
    await verifyOAuth(request.request, request.options);
    return 'accepted';
  } catch (e) {
    return (e as { code?: string }).code ?? messageOf(e);
  }
}

async function fresh(c: RuleContext): Promise<void> {
  const consumer = unique('fresh');
  const ts = stamp(c);
  answer(await ask(c, consumer, 'n-1', ts), 'a new triple', true);
  answer(await ask(c, consumer, 'n-2', ts), "the consumer's next nonce", true);
  const code = await verifyCode(await signed(c));
  if (code !== 'accepted') throw new Violation(`a fresh request through verifyOAuth: refused with ${code}`);
}

async function replay(c: RuleContext): Promise<void> {
  const consumer = unique('replay');
  const ts = stamp(c);
  answer(await ask(c, consumer, 'n', ts), 'the first use', true);
  answer(await ask(c, consumer, 'n', ts), 'a replay of an accepted triple', false);
  answer(await ask(c, consumer, 'n', ts), 'a second replay', false);
  const request = await signed(c);
  await verifyCode(request);
  const code = await verifyCode(request);
  if (code !== 'ERR_OAUTH_NONCE_REPLAYED') {
    throw new Violation(`a replayed request through verifyOAuth: expected ERR_OAUTH_NONCE_REPLAYED, got ${code}`);
  }
}

async function independent(c: RuleContext): Promise<void> {
  const a = unique('a');
  const ts = stamp(c);
  // Pairs that read the same when the parts are joined with a separator, or as JSON text.
  const triples: Array<[string, string, number]> = [
    [a, 'n', ts],
    [`${a}-2`, 'n', ts],
    [a, 'n-2', ts],
    [a, 'n', ts + 1],
    [`${a}:x`, 'y', ts],
    [a, 'x:y', ts],
    [`${a}|x`, 'y', ts],
    [a, 'x|y', ts],
    [`${a}","x`, 'y', ts],
    [a, 'x","y', ts],
  ];
  for (const [consumer, nonce, t] of triples) {
    answer(
      await ask(c, consumer, nonce, t),
      `the triple ${JSON.stringify([consumer, nonce, t])} after others that share parts with it`,
      true,
    );
  }
  for (const [consumer, nonce, t] of triples) {
    answer(await ask(c, consumer, nonce, t), `a replay of ${JSON.stringify([consumer, nonce, t])}`, false);
  }
}

async function concurrency(c: RuleContext): Promise<void> {
  const consumer = unique('race');
  const ts = stamp(c);
  const same = await Promise.all(Array.from({ length: c.concurrency }, () => ask(c, consumer, 'n', ts)));
  const accepted = same.filter((o) => answer(o, 'a simultaneous check of one triple') === true).length;
  const rejected = same.filter((o) => 'error' in o);
  if (rejected.length > 0)
    throw new Violation(`${c.concurrency} simultaneous checks of one triple: ${shown(rejected[0]!)}`);
  if (accepted !== 1) {
    throw new Violation(`${c.concurrency} simultaneous checks of one triple: ${accepted} accepted, not exactly one`);
  }
  const distinct = await Promise.all(Array.from({ length: c.concurrency }, (_, i) => ask(c, consumer, `m-${i}`, ts)));
  for (const o of distinct) answer(o, `${c.concurrency} simultaneous checks of distinct nonces`, true);
}

async function fairness(c: RuleContext): Promise<void> {
  const flooder = unique('flood');
  const ts = stamp(c);
  const accepted: Array<[string, string]> = [];
  const sends: Array<[string, string]> = [];
  for (let i = 0; i < c.flood; i++) sends.push([flooder, `n-${i}`]);
  for (let i = 0; i < c.crowd; i++) sends.push([unique(`crowd-${i}`), 'n']);
  for (const [consumer, nonce] of sends) {
    const what = consumer === flooder ? 'a fresh nonce of a flooding consumer' : "a crowd member's fresh nonce";
    const got = answer(await ask(c, consumer, nonce, ts), what);
    if (got === false)
      throw new Violation(`${what}: it answered false (refusing is allowed, calling it a replay is not)`);
    if (got === true) accepted.push([consumer, nonce]);
  }
  const o = await ask(c, unique('newcomer'), 'n', ts);
  answer(o, `a new consumer after one consumer sent ${c.flood} nonces and ${c.crowd} consumers one each`, true);
  for (const [consumer, nonce] of accepted) {
    if (answer(await ask(c, consumer, nonce, ts), 'a replay after the flood') === true) {
      throw new Violation(
        `a replay of ${JSON.stringify([consumer, nonce])}, accepted before the flood, was accepted again`,
      );
    }
  }
}

async function expiry(c: RuleContext): Promise<void> {
  const consumer = unique('expiry');
  const ts = stamp(c);
  const ttl = c.ttlSeconds;
  answer(await ask(c, consumer, 'n', ts, ttl), `a new triple with a TTL of ${ttl} s`, true);
  await c.clock.advance(ttl / 2);
  answer(await ask(c, consumer, 'n', ts, ttl), `a replay ${ttl / 2} s later, within its TTL of ${ttl} s`, false);
  await c.clock.advance(ttl / 2 + c.expirySlackSeconds);
  answer(
    await ask(c, consumer, 'n', ts, ttl),
    `the same triple ${ttl + c.expirySlackSeconds} s later (TTL ${ttl} s + ${c.expirySlackSeconds} s slack): not forgotten`,
    true,
  );
}

async function failClosed(c: RuleContext): Promise<void> {
  const consumer = unique('broken');
  const ts = stamp(c);
  answer(await ask(c, consumer, 'seen', ts), 'a new triple before the backend broke', true);
  if (typeof c.breakBackend !== 'function') throw new Violation('makeStore gave no breakBackend()');
  await c.breakBackend();
  for (const [nonce, what] of [
    ['fresh', 'a fresh triple with the backend broken'],
    ['seen', 'a replay with the backend broken'],
  ] as const) {
    const o = await ask(c, consumer, nonce, ts);
    if (!('error' in o) || o.error instanceof Violation) {
      throw new Violation(`${what}: ${shown(o)}; a failing backend must make the check reject`);
    }
  }
  const code = await verifyCode(await signed(c));
  if (code !== 'ERR_NONCE_STORE') {
    throw new Violation(`a request through verifyOAuth with the backend broken: expected ERR_NONCE_STORE, got ${code}`);
  }
}

/** Every rule: its name, what it checks, and the check. @internal */
export const RULES: ReadonlyArray<readonly [NonceStoreRule, string, (c: RuleContext) => Promise<void>]> = [
  ['fresh', 'a fresh nonce is accepted', fresh],
  ['replay', 'a replayed nonce is refused', replay],
  ['independent', 'consumers, nonces and timestamps are kept apart', independent],
  ['concurrency', 'of simultaneous checks of one nonce, exactly one is accepted', concurrency],
  [
    'fairness',
    'no consumer, nor a crowd of them, locks a new consumer out, and nothing accepted is accepted again',
    fairness,
  ],
  ['expiry', 'a nonce is remembered for its TTL, then forgotten', expiry],
  ['fail-closed', 'a failing backend makes every check reject (ERR_NONCE_STORE)', failClosed],
];

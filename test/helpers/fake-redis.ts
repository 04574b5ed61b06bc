/**
 * Test doubles of node-redis and ioredis clients for RedisNonceStore: an in-memory Redis that
 * answers the store's check script (src/stores/redis/script.ts, re-stated here in TypeScript:
 * the marker's generation / counter / windows, then SET NX with an absolute expiry), its health
 * probe (role, evicted_keys, clock) and CONFIG GET. It starts as an established store (a marker
 * written an hour ago), so fresh requests are accepted; set `marker` to `undefined` for a new or
 * wiped Redis, lower `marker.c` for an older snapshot, bump `evicted` for an eviction. The real
 * script is exercised against redis-server in src/stores/redis/redis.test.ts and faults.test.ts.
 */
import { expect } from 'vitest';

export interface FakeMarker {
  g: string;
  c: number;
  epoch: number;
  f: number;
  /** The past bounds; absent until the first check records one. */
  p?: number | undefined;
  po?: number | undefined;
  pt: number;
}

export interface FakeRedisState {
  /** key -> expiry (ms, fake Redis clock) */
  keys: Map<string, number>;
  marker: FakeMarker | undefined;
  /** The server's replication role and evicted_keys count (read by the health probe). */
  role: string;
  evicted: number;
  policy: string;
  /** Whether the script refuses a check past its deadline (off for tests that step Redis's clock). */
  deadlines: boolean;
  /** Redis's clock, ms. */
  now: () => number;
  calls: unknown[][];
}

function runHealth(state: FakeRedisState): unknown {
  return [state.role, state.evicted, state.now(), 0];
}

function runScript(state: FakeRedisState, keys: string[], args: string[]): unknown {
  const now = state.now();
  const mode = args[8] ?? '';
  if (mode === 'peek') return [8, state.marker ? 1 : 0, state.keys.size + (state.marker ? 1 : 0)];
  const dl = Number(args[5]);
  if (state.deadlines && dl > 0 && now > dl) return [6, 0, 0, '', 0, now];
  const pv = Number(args[1]);
  const fv = Number(args[2]);
  const kg = args[3]!;
  const old = state.marker;
  let lost = old === undefined;
  if (
    old !== undefined &&
    (mode === 'loss' ||
      (kg !== '' && ((kg === old.g && old.c < Number(args[4])) || (kg !== old.g && old.epoch < Number(args[6])))))
  ) {
    lost = true;
  }
  let m: FakeMarker;
  if (lost) {
    // A new generation; the past bounds stay in the hash (the script's HSET leaves p, po, pt).
    const epoch = old === undefined && mode === 'first' ? 0 : now;
    m = {
      g: `${Math.floor(now / 1000)}.${(now % 1000) * 1000 + (state.calls.length % 1000)}`,
      c: 0,
      epoch,
      f: Math.max(old?.f ?? 0, fv),
      p: old?.p,
      po: old?.po,
      pt: old?.pt ?? 0,
    };
    state.marker = m;
  } else {
    m = old!;
    m.f = Math.max(m.f, fv);
  }
  const fence = m.epoch + m.f;
  const reply = (status: number) => [status, m.epoch, fence, m.g, m.c, now];
  // A probe returns before the past bound is read or recorded, as in the script: its '0' is no window.
  if (mode !== '' || keys.length < 2) return reply(4);
  if (pv >= 0 && (m.p === undefined || (lost && old === undefined))) {
    m.p = pv;
    m.po = pv;
    m.pt = 0;
  } else if (pv >= 0 && pv > m.p!) {
    if (m.po === undefined || m.pt === 0 || now > m.pt + m.f + m.p! + 1000) m.po = m.p;
    m.pt = now;
    m.p = pv;
  }
  const ts = Number(args[0]) * 1000;
  if (ts <= fence) return reply(2);
  if (ts > now + fv) return reply(5);
  let at = now + Number(args[7] ?? 0);
  if (m.p !== undefined) {
    const pe = ts <= m.pt + m.f ? m.po! : m.p;
    if (pv >= 0 && ts + pe + 1000 <= now) return reply(3);
    at = Math.max(at, ts + m.p + 1000);
  }
  const key = keys[1]!;
  const until = state.keys.get(key);
  if (until !== undefined && until > now) return reply(0);
  state.keys.set(key, at);
  m.c += 1;
  return reply(1);
}

/** The fake's answer to the store's scripts: the health probe is the one that reads INFO. */
function run(state: FakeRedisState, script: string, keys: string[], args: string[]): unknown {
  return script.includes("'INFO', 'replication'") ? runHealth(state) : runScript(state, keys, args);
}

function state(now: () => number): FakeRedisState {
  const marker = { g: '1.1', c: 0, epoch: now() - 3_600_000, f: 0, pt: 0 };
  return { keys: new Map(), marker, role: 'master', evicted: 0, policy: 'noeviction', deadlines: true, now, calls: [] };
}

/** A node-redis look-alike: `isOpen`, `eval(script, { keys, arguments })`, `configGet`. */
export function fakeNodeRedis(now: () => number = Date.now) {
  const s = state(now);
  return Object.assign(s, {
    isOpen: true,
    eval(_script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown> {
      s.calls.push(['eval', options]);
      return Promise.resolve(run(s, _script, options.keys, options.arguments));
    },
    configGet(parameter: string): Promise<Record<string, string>> {
      return Promise.resolve({ [parameter]: s.policy });
    },
  });
}

/** An ioredis look-alike: string `status`, `eval(script, numKeys, ...keysAndArgs)`, `config('GET', p)`. */
export function fakeIORedis(now: () => number = Date.now) {
  const s = state(now);
  return Object.assign(s, {
    status: 'ready',
    eval(_script: string, numKeys: number, ...rest: string[]): Promise<unknown> {
      s.calls.push(['eval', numKeys, ...rest]);
      return Promise.resolve(run(s, _script, rest.slice(0, numKeys), rest.slice(numKeys)));
    },
    config(op: string, parameter: string): Promise<string[]> {
      return Promise.resolve(op === 'GET' ? [parameter, s.policy] : []);
    },
  });
}

/**
 * A node-redis look-alike whose `eval` answers the check script with `replies` in turn (the last
 * one again and again); the health probe gets a healthy primary, and is not in `sent`.
 */
export function scripted(...replies: unknown[]) {
  const sent: string[][] = [];
  const client = {
    isOpen: true,
    eval(_script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown> {
      if (_script.includes("'INFO', 'replication'")) return Promise.resolve(['master', 0, Date.now(), 0]);
      sent.push(options.arguments);
      return Promise.resolve(replies.length > 1 ? replies.shift() : replies[0]);
    },
    configGet: (parameter: string) => Promise.resolve({ [parameter]: 'noeviction' }),
  };
  return { client, sent };
}

/** 2023-11-14T22:13:20Z, in seconds: the clock of the scripted-store tests. */
export const T = 1_700_000_000;
/** A store epoch (ms) a minute before {@link T}: 2023-11-14T22:12:20.000Z. */
export const EPOCH = T * 1000 - 60_000;

/** A check reply: `status`, epoch and fence {@link EPOCH}, generation '1.1', counter 1, Redis time T. */
export const reply = (status: number, epoch = EPOCH, fence = epoch) => [status, epoch, fence, '1.1', 1, T * 1000];

/** The error a promise rejects with (fails the test if it resolves). */
export const failure = (p: Promise<unknown>): Promise<Error> =>
  p.then(
    () => expect.unreachable('resolved'),
    (e: unknown) => e as Error,
  );

/**
 * Makes `client` say it is not connected (`isReady` false) and counts the checks that reach the
 * store's connection gate, which reads `isReady` twice per check. `reached(n)` resolves once `n`
 * checks have: their keys are hashed before the gate, and on a loaded machine (WebCrypto) those
 * hashes finish in any order, so a test must not assume that checks started first got there first.
 */
export function offlineGate(client: object): { reached(n: number): Promise<void>; count(): number } {
  let reads = 0;
  Object.defineProperty(client, 'isReady', {
    configurable: true,
    get: () => {
      reads += 1;
      return false;
    },
  });
  return {
    async reached(n) {
      while (reads < 2 * n) await new Promise((r) => setImmediate(r));
    },
    count: () => reads / 2,
  };
}

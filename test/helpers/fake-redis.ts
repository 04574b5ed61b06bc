/**
 * Test doubles of node-redis and ioredis clients for RedisNonceStore: an in-memory Redis that
 * answers the store's check script (src/stores/redis/script.ts, re-stated here in TypeScript:
 * the marker's run_id / evicted_keys / future bound, then SET NX with an absolute or relative
 * expiry) and CONFIG GET. It starts as an established store (a marker written an hour ago by
 * this server process), so fresh requests are accepted; set `marker` to `undefined` for a new or
 * wiped Redis, change `run` for a restart or failover, bump `evicted` for an eviction. The real
 * script is exercised against redis-server in src/stores/redis/redis.test.ts and faults.test.ts.
 */
import { expect } from 'vitest';

export interface FakeMarker {
  epoch: number;
  run: string;
  ev: number;
  f: number;
}

export interface FakeRedisState {
  /** key -> expiry (ms, fake Redis clock) */
  keys: Map<string, number>;
  marker: FakeMarker | undefined;
  /** The server process's run_id, and its evicted_keys count. */
  run: string;
  evicted: number;
  policy: string;
  /** Redis's clock, ms. */
  now: () => number;
  calls: unknown[][];
}

function runScript(state: FakeRedisState, keys: string[], args: string[]): unknown {
  const now = state.now();
  const future = Number(args[3]);
  const old = state.marker;
  const f = Math.max(old?.f ?? 0, future);
  if (old === undefined || old.run !== state.run || old.ev !== state.evicted) {
    state.marker = { epoch: now, run: state.run, ev: state.evicted, f };
  } else old.f = f;
  const { epoch } = state.marker!;
  const fence = epoch + f;
  if (keys.length < 2) return [4, epoch, fence];
  const ts = Number(args[0]) * 1000;
  if (ts <= fence) return [2, epoch, fence];
  if (ts > now + future) return [5, epoch, fence];
  const at = args[1] === 'PXAT' ? Number(args[2]) : now + Number(args[2]);
  if (args[1] === 'PXAT' && at <= now) return [3, epoch, fence];
  const key = keys[1]!;
  const until = state.keys.get(key);
  if (until !== undefined && until > now) return [0, epoch, fence];
  state.keys.set(key, at);
  return [1, epoch, fence];
}

function state(now: () => number): FakeRedisState {
  const marker = { epoch: now() - 3_600_000, run: 'fake-run-id', ev: 0, f: 0 };
  return { keys: new Map(), marker, run: 'fake-run-id', evicted: 0, policy: 'noeviction', now, calls: [] };
}

/** A node-redis look-alike: `isOpen`, `eval(script, { keys, arguments })`, `configGet`. */
export function fakeNodeRedis(now: () => number = Date.now) {
  const s = state(now);
  return Object.assign(s, {
    isOpen: true,
    eval(_script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown> {
      s.calls.push(['eval', options]);
      return Promise.resolve(runScript(s, options.keys, options.arguments));
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
      return Promise.resolve(runScript(s, rest.slice(0, numKeys), rest.slice(numKeys)));
    },
    config(op: string, parameter: string): Promise<string[]> {
      return Promise.resolve(op === 'GET' ? [parameter, s.policy] : []);
    },
  });
}

/** A node-redis look-alike whose `eval` answers `replies` in turn (the last one again and again). */
export function scripted(...replies: unknown[]) {
  const sent: string[][] = [];
  const client = {
    isOpen: true,
    eval(_script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown> {
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

/** The error a promise rejects with (fails the test if it resolves). */
export const failure = (p: Promise<unknown>): Promise<Error> =>
  p.then(
    () => expect.unreachable('resolved'),
    (e: unknown) => e as Error,
  );

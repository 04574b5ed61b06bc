/**
 * Test doubles of node-redis and ioredis clients for RedisNonceStore: an in-memory Redis that
 * answers the store's check script (marker, then SET NX with an absolute or relative expiry) and
 * CONFIG GET. The real script is exercised against redis-server in src/stores/redis/redis.test.ts.
 */

export interface FakeRedisState {
  /** key -> expiry (ms, fake Redis clock) */
  keys: Map<string, number>;
  marker: { epoch?: number; n: number } | undefined;
  policy: string;
  /** Redis's clock, ms. */
  now: () => number;
  calls: unknown[][];
}

function runScript(state: FakeRedisState, keys: string[], args: string[]): unknown {
  const now = state.now();
  state.marker ??= { n: 0 };
  const m = state.marker;
  m.n += 1;
  const known = Number(args[0]);
  if (m.epoch === undefined || m.epoch < known || (m.epoch === known && m.n <= Number(args[1]))) m.epoch = now;
  if (keys.length < 2) return [4, m.epoch, m.n];
  if (Number(args[2]) < Math.floor(m.epoch / 1000)) return [2, m.epoch, m.n];
  const at = args[3] === 'PXAT' ? Number(args[4]) : now + Number(args[4]);
  if (args[3] === 'PXAT' && at <= now) return [3, m.epoch, m.n];
  const key = keys[1]!;
  const until = state.keys.get(key);
  if (until !== undefined && until > now) return [0, m.epoch, m.n];
  state.keys.set(key, at);
  return [1, m.epoch, m.n];
}

function state(now: () => number): FakeRedisState {
  return { keys: new Map(), marker: undefined, policy: 'noeviction', now, calls: [] };
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

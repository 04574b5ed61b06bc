/**
 * What a RedisNonceStore remembers between calls, without a server: a node-redis look-alike that
 * answers each call from a script the test writes (per marker for `ready()`'s peeks) and records
 * every call's keys and arguments. Which markers `ready()` creates as a first run, that it probes
 * again even right after a check and waits for a reconnecting client, which sighting of a marker
 * the store keeps (newest counter and time, not a reply past its deadline), on which markers it
 * declares a loss after an eviction, and how checks that wait for a client are counted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisNonceStore } from './index.js';
import { failure, offlineGate, reply, T } from '../../../test/helpers/fake-redis.js';

const D0 = T * 1000;

interface Call {
  keys: string[];
  args: string[];
}

/**
 * A node-redis look-alike. `check(call)` answers the check script (default: recorded, status 1 at
 * Redis time now); `evicted()` is the health probe's evicted_keys.
 */
function lookAlike(options: { check?: (call: Call) => unknown; evicted?: () => number; isReady?: boolean } = {}) {
  const checks: Call[] = [];
  let probes = 0;
  const client = {
    isOpen: true,
    ...(options.isReady === undefined ? {} : { isReady: options.isReady }),
    eval(script: string, o: { keys: string[]; arguments: string[] }): Promise<unknown> {
      if (script.includes("'INFO', 'replication'")) {
        probes += 1;
        return Promise.resolve(['master', options.evicted?.() ?? 0, Date.now(), 0]);
      }
      const call = { keys: o.keys, args: o.arguments };
      checks.push(call);
      const answer = options.check?.(call);
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve(answer ?? [1, D0 - 60_000, D0 - 60_000, '1.1', 1, Date.now()]);
    },
    configGet: (p: string) => Promise.resolve({ [p]: 'noeviction' }),
  };
  return { client, checks, probes: () => probes };
}

/** The mode (ARGV[9]) of each call to `ready()`'s markers, as `marker mode`. */
const modes = (calls: Call[]) => calls.map((c) => `${c.keys[0]} ${c.args[8]}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('RedisNonceStore ready()', () => {
  it('creates the markers as a first run only when every bucket has no marker and an empty database', async () => {
    for (const [peeks, first] of [
      [{ '{0}marker': [8, 0, 0], '{1}marker': [8, 0, 0] }, true],
      [{ '{0}marker': [8, 0, 0], '{1}marker': [8, 1, 1] }, false], // one marker exists
      [{ '{0}marker': [8, 0, 3], '{1}marker': [8, 0, 0] }, false], // one database holds other keys
      [{ '{0}marker': [8, 0, 3], '{1}marker': [8, 0, 3] }, false],
    ] as const) {
      const { client, checks } = lookAlike({
        check: (c) => (c.args[8] === 'peek' ? peeks[c.keys[0]!.slice(2) as keyof typeof peeks] : reply(4, D0 - 60_000)),
      });
      await new RedisNonceStore(client, { prefix: 'p:', buckets: 2 }).ready();
      const mode = first ? 'first' : '';
      expect(modes(checks), JSON.stringify(peeks)).toEqual([
        'p:{0}marker peek',
        'p:{1}marker peek',
        `p:{0}marker ${mode}`,
        `p:{1}marker ${mode}`,
      ]);
    }
  });

  it('takes a marker that exists for no first run, even with a database reported empty', async () => {
    const { client, checks } = lookAlike({ check: (c) => (c.args[8] === 'peek' ? [8, 1, 0] : reply(4, D0 - 60_000)) });
    await new RedisNonceStore(client, { prefix: 'p:' }).ready();
    expect(modes(checks)).toEqual(['p:marker peek', 'p:marker ']);
  });

  it('probes the server again even right after a check, and waits for a client that is reconnecting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(D0);
    const fake = lookAlike({ check: (c) => (c.args[8] === 'peek' ? [8, 1, 2] : undefined), isReady: true });
    const store = new RedisNonceStore(fake.client);
    expect(await store.check('c', 'n', T, 10)).toBe(true);
    vi.setSystemTime(D0 + 10);
    fake.client.isReady = false; // reconnecting: a check is refused at once, ready() waits
    await expect(store.check('c', 'm', T, 10)).rejects.toThrow(/reconnecting/);
    await store.ready();
    expect(fake.probes()).toBe(2);
  });
});

describe('RedisNonceStore sightings of a marker', () => {
  it('keeps the highest counter and the latest Redis time of a generation, and ignores a reply past the deadline', async () => {
    const replies: unknown[] = [
      [1, 0, 0, '1.1', 5, D0 + 500],
      [1, 0, 0, '1.1', 3, D0 + 100], // an older view (a slower connection): counter and time stay
      [6, 0, 0, '', 0, D0 + 600], // past its deadline: nothing recorded, nothing learned
      [1, 0, 0, '2.2', 1, D0 + 50], // another generation: taken whole
    ];
    const { client, checks } = lookAlike({ check: () => replies.shift() ?? reply(1) });
    const store = new RedisNonceStore(client);
    await store.check('c', 'a', T, 10);
    await store.check('c', 'b', T, 10);
    await expect(store.check('c', 'c', T, 10)).rejects.toThrow(/after its deadline/);
    const sighting = () => {
      const args = checks.at(-1)!.args;
      return [args[3], args[4], args[6]];
    };
    await store.check('c', 'd', T, 10);
    expect(sighting()).toEqual(['1.1', '5', String(D0 + 500)]);
    await store.check('c', 'e', T, 10);
    expect(sighting()).toEqual(['2.2', '1', String(D0 + 50)]);
  });

  it('measures the clock offset on its first reply even with the clock near 1970', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    vi.setSystemTime(3000);
    const { client, checks } = lookAlike();
    client.eval = ((script: string, o: { keys: string[]; arguments: string[] }) => {
      vi.advanceTimersByTime(20); // a round trip of 40 ms, Redis 1 s ahead
      const now = Date.now() + 1000;
      vi.advanceTimersByTime(20);
      if (script.includes("'INFO', 'replication'")) return Promise.resolve(['master', 0, now, 0]);
      checks.push({ keys: o.keys, args: o.arguments });
      return Promise.resolve([1, 0, 0, '1.1', 1, now]);
    }) as typeof client.eval;
    await new RedisNonceStore(client, { timeoutMs: 2000 }).check('c', 'n', 3, 10);
    expect(checks[0]!.args[5]).toBe(String(3000 + 1000 + 2000 - 500 - 20));
  });
});

describe('RedisNonceStore after an eviction', () => {
  it("declares the loss on every marker it has seen, or on the first bucket's when it has seen none", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(D0);
    let evicted = 0;
    // Nothing seen yet: the first check fails, then Redis evicts.
    const blind = lookAlike({ evicted: () => evicted, check: (c) => (c.args[8] ? undefined : new Error('ERR busy')) });
    const a = new RedisNonceStore(blind.client, { prefix: 'p:' });
    await expect(a.check('c', 'n', T, 10)).rejects.toThrow(/nonce check failed/);
    evicted = 1;
    vi.setSystemTime(D0 + 1000);
    await a.check('c', 'n', T, 10).catch(() => {});
    expect(modes(blind.checks.filter((c) => c.args[8] === 'loss'))).toEqual(['p:marker loss']);

    // Merchants seen in several buckets: the loss is declared on each of their markers, and only on those.
    vi.setSystemTime(D0);
    evicted = 0;
    const seen = lookAlike({ evicted: () => evicted });
    const b = new RedisNonceStore(seen.client, { prefix: 'p:', buckets: 4 });
    const merchants = ['merchant:login', 'ß-shop', 'x', 'y', 'z'];
    const markers = [...new Set(await Promise.all(merchants.map((m) => b.markerKey(m))))];
    for (const m of merchants) await b.check(m, 'n', T, 10);
    evicted = 1;
    vi.setSystemTime(D0 + 1000);
    await b.check('merchant:login', 'm', T, 10);
    const declared = seen.checks.filter((c) => c.args[8] === 'loss').map((c) => c.keys[0]);
    expect(declared.sort()).toEqual(markers.sort());
    expect(markers.length).toBeGreaterThan(1);
  });
});

describe('RedisNonceStore waiting for a client', () => {
  it('counts only the checks that wait: checks on a client that cannot say whether it is connected do not move the count', async () => {
    let hang = false;
    const fake = lookAlike({ check: () => (hang ? new Promise(() => {}) : undefined) });
    const store = new RedisNonceStore(fake.client, { timeoutMs: 200 });
    // No isReady: the client cannot tell; these checks do not wait for it.
    for (const n of ['a', 'b', 'c']) expect(await store.check('c', n, T, 10)).toBe(true);
    // Now it says it is not connected (and never was): 1024 may wait, the next is refused at once.
    // Timeouts run on a fake clock, and the extra check goes only once the 1024 have reached the
    // connection gate (see offlineGate).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const gate = offlineGate(fake.client);
    hang = true;
    fake.client.eval = (() => new Promise(() => {})) as typeof fake.client.eval;
    const waiting = Array.from({ length: 1024 }, (_, i) => failure(store.check('c', `w${i}`, T, 10)));
    await gate.reached(1024);
    expect((await failure(store.check('c', 'one more', T, 10))).message).toMatch(/1024 checks already wait/);
    await vi.advanceTimersByTimeAsync(200);
    for (const e of await Promise.all(waiting)) expect(e.message).toBe('Redis did not answer within 200 ms');
  });

  it('keeps the cause of a not-connected refusal', async () => {
    const cause = new Error('ERR boom');
    const fake = lookAlike();
    const client = Object.assign(fake.client, { isOpen: false, configGet: () => Promise.reject(cause) });
    const e = await failure(new RedisNonceStore(client).check('c', 'n', T, 10));
    expect(e).toMatchObject({ code: 'ERR_NONCE_STORE', message: /^the Redis client is not connected/ });
    expect(e.cause).toBe(cause);
  });

  it('with a cluster client, refuses a failed policy read before any good one', async () => {
    const fake = lookAlike();
    const client = Object.assign(fake.client, {
      isCluster: true,
      configGet: () => Promise.reject(new Error('ERR down')),
    });
    const e = await failure(new RedisNonceStore(client, { prefix: '{p}:' }).check('c', 'n', T, 10));
    expect(e.message).toBe('cannot read maxmemory-policy: CONFIG GET failed (ERR down)');
  });
});

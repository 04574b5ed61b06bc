// The verifier object: its configuration checked once (ConfigurationError naming the field), its
// own nonce store and clock, windows that never let a replay through a shared store, and the
// server's own mistakes answered as 500s with nothing of the detail.
import { describe, expect, it } from 'vitest';
import { signRequest } from '../request/sign.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { withVerifiedRequest } from './fetch.js';
import { createVerifier, type VerifierConfig } from './index.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const NOW = 1_700_000_000;
const credentials: VerifierConfig['credentials'] = () => ({ controlKey: KEY });

let serial = 0;
/** A signed OAuth payout (HMAC-SHA1) with the given timestamp and a nonce of its own. */
async function payout(timestamp: number): Promise<Request> {
  const signed = await signRequest('payout', {
    baseUrl: 'https://gate.example.com/paynet',
    endpointId: 1111,
    params: {
      client_orderid: `P-${++serial}`,
      amount: '10.00',
      currency: 'EUR',
      destination_card_no: '4444555566661111',
    },
    credentials: { login: 'merchant', controlKey: KEY },
    timestamp,
  });
  return signed.toRequest();
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { code?: string }) => e.code ?? 'untyped',
  );

describe('createVerifier checks its configuration once', () => {
  it.each<[string, Partial<VerifierConfig>]>([
    ['credentials', { credentials: 'nope' as never }],
    ['basePath', { basePath: 'paynet' }],
    ['basePath', { basePath: '/paynet/' }],
    ['maxSkewSeconds', { maxSkewSeconds: -1 }],
    ['maxSkewSeconds', { maxSkewSeconds: Number.NaN }],
    ['maxFutureSkewSeconds', { maxFutureSkewSeconds: 1e9 }],
    ['nonceStore', { nonceStore: {} as never }],
    ['maxSkewSeconds', { maxSkewSeconds: 600 }], // the default store remembers 300 s
    ['now', { now: 'soon' as never }],
    ['maxBodyBytes', { maxBodyBytes: 0 }],
    ['bodyTimeoutMs', { bodyTimeoutMs: -5 }],
    ['trustProxy', { trustProxy: 40 }],
    ['protocol', { protocol: 'ftp' as never }],
    ['accept', { accept: 'lenient' as never }],
    ['onRefused', { onRefused: 'log' as never }],
  ])('%s: a bad value is a ConfigurationError naming it, at construction', (field, bad) => {
    expect(() => createVerifier({ credentials, ...bad })).toThrow(
      expect.objectContaining({ code: 'ERR_CONFIGURATION', field }),
    );
  });

  it('fills in the defaults and owns a memory store fed by its clock', () => {
    const v = createVerifier({ credentials, now: NOW });
    expect(v.settings).toMatchObject({
      basePath: '',
      maxSkewSeconds: 300,
      maxFutureSkewSeconds: 30,
      maxBodyBytes: 65536,
    });
    expect(v.nonceStore).toBeInstanceOf(MemoryNonceStore);
    expect(v.now()).toBe(NOW);
    expect(Object.isFrozen(v.settings)).toBe(true);
  });
});

describe('state belongs to a verifier, never to the module', () => {
  it('two verifiers without a store share nothing; given one store, a replay through either is refused', async () => {
    const a = createVerifier({ basePath: '/paynet', credentials, now: NOW });
    const b = createVerifier({ basePath: '/paynet', credentials, now: NOW });
    const r = await payout(NOW);
    expect(await codeOf(a.verify(r.clone()))).toBe('accepted');
    expect(await codeOf(a.verify(r.clone()))).toBe('ERR_OAUTH_NONCE_REPLAYED');
    expect(await codeOf(b.verify(r.clone()))).toBe('accepted'); // b was given nothing of a's
    const nonceStore = new MemoryNonceStore();
    const c = createVerifier({ basePath: '/paynet', credentials, now: NOW, nonceStore });
    const d = createVerifier({ basePath: '/paynet', credentials, now: NOW, nonceStore });
    const s = await payout(NOW);
    expect([await codeOf(c.verify(s.clone())), await codeOf(d.verify(s.clone()))]).toEqual([
      'accepted',
      'ERR_OAUTH_NONCE_REPLAYED',
    ]);
  });

  it('a test clock changes nothing another verifier sees: requests recorded at different times each verify at their own', async () => {
    const times = [NOW - 86_400 * 30, NOW, NOW - 3_600, NOW + 86_400];
    const requests = await Promise.all(times.map((t) => payout(t)));
    // In any order, each at its own time: no store follows another's clock.
    for (const i of [1, 0, 3, 2]) {
      const v = createVerifier({ basePath: '/paynet', credentials, now: times[i]! });
      expect(await codeOf(v.verify(requests[i]!.clone()))).toBe('accepted');
      expect(await codeOf(v.verify(requests[i]!.clone()))).toBe('ERR_OAUTH_NONCE_REPLAYED');
    }
  });
});

describe('windows on one store', () => {
  it('verifiers with 10 s and 60 s windows on one memory store: 0 of 10 replays accepted', async () => {
    let now = NOW;
    const nonceStore = new MemoryNonceStore({ now: () => now * 1000 });
    const narrow = createVerifier({ basePath: '/paynet', credentials, nonceStore, maxSkewSeconds: 10, now: () => now });
    const wide = createVerifier({ basePath: '/paynet', credentials, nonceStore, maxSkewSeconds: 60, now: () => now });
    const replays: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await payout(now - 9);
      expect(await codeOf(narrow.verify(r.clone()))).toBe('accepted');
      now += 3;
      replays.push(await codeOf(wide.verify(r.clone())));
    }
    expect(replays).toEqual(Array(10).fill('ERR_OAUTH_NONCE_REPLAYED'));
  });

  it('a verifier whose window is wider than its store remembers is refused at construction', () => {
    const nonceStore = new MemoryNonceStore({ windowSeconds: 30 });
    expect(() => createVerifier({ credentials, nonceStore, maxSkewSeconds: 60 })).toThrow(
      expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'maxSkewSeconds' }),
    );
    expect(createVerifier({ credentials, nonceStore, maxSkewSeconds: 30 }).settings.maxSkewSeconds).toBe(30);
  });
});

describe("the server's mistakes are 500s", () => {
  it('a credentials callback that lists five keys: 500 with a generic body, the detail in the error', async () => {
    const logged: Array<{ code?: string; field?: string; message?: string }> = [];
    const five = Array.from({ length: 5 }, (_, i) => ({ id: `k${i}`, key: KEY }));
    const verifier = createVerifier({
      basePath: '/paynet',
      credentials: () => ({ controlKey: five }),
      now: NOW,
      onRefused: (e) => void logged.push(e as never),
    });
    const handle = withVerifiedRequest(verifier, () => new Response('handled'));
    const res = await handle(await payout(NOW));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      type: 'error',
      'error-message': 'internal error',
      'error-code': 'ERR_INTERNAL',
    });
    expect(logged).toEqual([expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'controlKey' })]);
    expect(logged[0]!.message).toMatch(/lists 5 keys/);
  });

  it('a consumerId that is not a string: 500, not the client 400', async () => {
    const verifier = createVerifier({
      basePath: '/paynet',
      credentials: () => ({ controlKey: KEY, consumerId: 7 as never }),
      now: NOW,
    });
    const res = await withVerifiedRequest(verifier, () => new Response('handled'))(await payout(NOW));
    expect(res.status).toBe(500);
  });
});

/**
 * The attacks of issue 20 point 4 on the memory store, each reproduced: a crowd of consumers
 * locking new ones out, one merchant getting a quota per spelling of its key, and a clock step
 * that reopens accepted nonces. The fourth, one check paying for a million expiries, is in
 * expiry-work.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { signOAuth } from '../../schemes/oauth/sign.js';
import { verifyOAuth } from '../../schemes/oauth/verify.js';
import { signRequest } from '../../request/sign.js';
import { verifyRequest } from '../../request/verify.js';
import type { NonceCheckContext, NonceStore } from '../types.js';
import { MemoryNonceStore } from './index.js';

const STORE_ERROR = { code: 'ERR_NONCE_STORE' };
const DAY_MS = 86_400_000;

describe('a crowd of consumers does not lock a new one out', () => {
  it('10 000 consumers holding one nonce each, then a new merchant is served (default options)', async () => {
    const s = new MemoryNonceStore();
    for (let i = 0; i < 10_000; i++) expect(await s.check(`merchant-${i}`, 'n', 1, 300)).toBe(true);
    expect(await s.check('new-merchant', 'n', 1, 300)).toBe(true);
    expect(s.consumers).toBe(10_001);
    // Nothing was forgotten to serve it.
    expect(await s.check('merchant-0', 'n', 1, 300)).toBe(false);
  });

  it('a full store serves a new merchant at the expense of the heaviest, never of one holding a single nonce', async () => {
    const s = new MemoryNonceStore({ maxEntries: 1000, maxEntriesPerConsumer: 100 });
    for (let i = 0; i < 100; i++) expect(await s.check('flooder', `f${i}`, 1000 + i, 300)).toBe(true);
    for (let i = 0; i < 900; i++) expect(await s.check(`m${i}`, 'n', 1000, 300)).toBe(true);
    for (let i = 0; i < 50; i++) expect(await s.check(`new-${i}`, 'n', 1100, 300)).toBe(true);
    for (let i = 0; i < 900; i++) expect(await s.check(`m${i}`, 'n', 1000, 300)).toBe(false);
    // The flooder lost its 50 oldest nonces; they are refused, never accepted as fresh.
    await expect(s.check('flooder', 'f0', 1000, 300)).rejects.toMatchObject(STORE_ERROR);
    expect(await s.check('flooder', 'f99', 1099, 300)).toBe(false);
    expect(await s.check('flooder', 'later', 1100, 300)).toBe(true);
  });
});

describe('quotas are keyed on the consumer the credentials resolved', () => {
  const SECRET = 'acme-secret';
  const NOW = 1_800_000_000;
  const merchants = new Map([['acme', SECRET]]);
  // A case-insensitive lookup, as a `_ci` collation gives.
  const credentials = (key: string) => {
    const secret = merchants.get(key.toLowerCase());
    return secret === undefined ? undefined : { consumerSecret: secret, consumerId: key.toLowerCase() };
  };

  async function request(consumerKey: string, nonce: string) {
    const url = 'https://api.example.com/v2/payout/1';
    const r = await signOAuth({
      method: 'POST',
      url,
      params: [],
      consumerKey,
      consumerSecret: SECRET,
      signatureMethod: 'HMAC-SHA1',
      nonce,
      timestamp: NOW,
    });
    return { method: 'POST', url, params: [], authorization: r.authorization };
  }

  it('one merchant with the spellings ACME and acme gets one quota', async () => {
    const nonceStore = new MemoryNonceStore({ maxEntriesPerConsumer: 2 });
    const options = { credentials, nonceStore, now: NOW };
    expect((await verifyOAuth(await request('ACME', 'n1'), options)).consumerKey).toBe('ACME');
    expect((await verifyOAuth(await request('acme', 'n2'), options)).consumerKey).toBe('acme');
    await expect(verifyOAuth(await request('Acme', 'n3'), options)).rejects.toMatchObject(STORE_ERROR);
    expect(nonceStore.consumers).toBe(1);
  });

  it('verifyRequest hands the consumerId of its credentials to the store', async () => {
    const seen: string[] = [];
    const nonceStore: NonceStore = {
      check: (consumer: string) => {
        seen.push(consumer);
        return Promise.resolve(true);
      },
    };
    const signed = await signRequest('payout', {
      baseUrl: 'https://gate.example.com/',
      endpointId: 1,
      params: { client_orderid: '1', amount: '1.00', currency: 'EUR' },
      credentials: { login: 'ACME', controlKey: SECRET },
    });
    const ok = await verifyRequest(signed.toRequest(), {
      credentials: ({ consumerKey }) => ({ controlKey: SECRET, consumerId: consumerKey?.toLowerCase() ?? '' }),
      nonceStore,
    });
    expect(ok.consumerKey).toBe('ACME');
    expect(seen).toEqual(['acme']);
  });

  it('a consumerId that is not a non-empty string is refused', async () => {
    const options = {
      credentials: () => ({ consumerSecret: SECRET, consumerId: '' }),
      now: NOW,
      nonceStore: new MemoryNonceStore(),
    };
    await expect(verifyOAuth(await request('acme', 'n4'), options)).rejects.toMatchObject({
      code: 'ERR_CONFIGURATION',
      field: 'consumerId',
    });
  });
});

describe('a clock step in either direction never reopens an accepted nonce', () => {
  const T = 1_800_000_000;
  const window = (now: number): NonceCheckContext => ({ maxSkewSeconds: 300, now });
  /** Checks as verifyOAuth does: the TTL and the window from the verifier's clock. */
  const check = (s: MemoryNonceStore, nonce: string, timestamp: number, nowMs: number) =>
    s.check('c', nonce, timestamp, Math.max(1, Math.ceil(timestamp + 300 - nowMs / 1000) + 1), window(nowMs / 1000));

  it('stepped a day forward and back: a replay is still refused, fresh requests still served', async () => {
    let t = T * 1000;
    const s = new MemoryNonceStore({ now: () => t });
    expect(await check(s, 'accepted', T, t)).toBe(true);
    t += DAY_MS;
    expect(await check(s, 'ahead', T + 86_400, t)).toBe(true);
    t = T * 1000 + 10_000;
    expect(await check(s, 'accepted', T, t)).toBe(false);
    expect(await check(s, 'fresh', T + 10, t)).toBe(true);
  });

  it('a clock that stays ahead is followed, and when stepped back a replay is refused, not accepted', async () => {
    let t = T * 1000;
    const s = new MemoryNonceStore({ now: () => t });
    expect(await check(s, 'accepted', T, t)).toBe(true);
    t += DAY_MS;
    expect(await check(s, 'ahead-1', T + 86_400, t)).toBe(true);
    t += 300_000; // still ahead five minutes later: the store follows it and forgets the old window
    expect(await check(s, 'ahead-2', T + 86_700, t)).toBe(true);
    t = T * 1000 + 10_000;
    await expect(check(s, 'accepted', T, t)).rejects.toThrow(/left the window.*stepped back/);
  });

  it('stepped back: nothing recorded before is forgotten early, and it expires by the clock it left', async () => {
    let t = T * 1000;
    const s = new MemoryNonceStore({ now: () => t });
    expect(await check(s, 'accepted', T, t)).toBe(true);
    t -= 3_600_000;
    expect(await check(s, 'accepted', T, (T + 299) * 1000)).toBe(false);
    t = (T + 300) * 1000;
    expect(await check(s, 'accepted', T, t)).toBe(false);
    t = (T + 302) * 1000; // past timestamp + 300 + 1 by the clock: forgotten, and stale
    await expect(check(s, 'accepted', T, t)).rejects.toMatchObject(STORE_ERROR);
  });
});

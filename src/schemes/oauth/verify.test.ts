import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaysigError } from '../../errors/index.js';
import { buildAuthorizationHeader, parseAuthorizationHeader } from './header.js';
import { MemoryNonceStore, type NonceStore } from '../../stores/memory/index.js';
import { REPLAYS_NOT_CHECKED } from '../../stores/types.js';
import { oauthBodyParams, signOAuth } from './sign.js';
import { verifyOAuth, type OAuthConsumerCredentials, type VerifyOAuthOptions } from './verify.js';

const keys = join(import.meta.dirname, '../../../vectors/keys');
const pem = (name: string) => readFileSync(join(keys, name), 'utf8');
const PRIVATE = pem('test-only-rsa-2048-pkcs8.pem');
const PUBLIC = pem('test-only-rsa-2048-spki.pem');
const SECRET = 'B17F59B4-A7DC-41B4-8FF9-37D4E3E4C2F6';
const NOW = 1_700_000_000;

const consumers: Record<string, OAuthConsumerCredentials> = {
  hmac: { consumerSecret: SECRET },
  rsa: { publicKey: PUBLIC },
  rsa1: { publicKey: pem('test-only-rsa-2048-pkcs1-public.pem') },
  both: { consumerSecret: SECRET, publicKey: PUBLIC },
};

/** A store that records calls, to prove the verifier does not reach it for bad requests. */
class SpyStore implements NonceStore {
  calls = 0;
  readonly inner = new MemoryNonceStore();
  check(c: string, n: string, t: number, ttl: number): Promise<boolean> {
    this.calls++;
    return this.inner.check(c, n, t, ttl);
  }
}

function opts(store: NonceStore = new MemoryNonceStore(), extra: Partial<VerifyOAuthOptions> = {}): VerifyOAuthOptions {
  return { credentials: (k) => consumers[k], now: NOW, nonceStore: store, ...extra };
}

const URL_ = 'https://api.example.com/paynet/api/v2/payout/1234?x=1';
const BODY: Array<[string, string]> = [
  ['client_orderid', '902B4FF5'],
  ['amount', '10.42'],
  ['email', 'a+b@c.d'],
];

async function signed(consumerKey: string, method: 'HMAC-SHA1' | 'RSA-SHA256', nonce = 'nonce-1', timestamp = NOW) {
  const r = await signOAuth({
    method: 'POST',
    url: URL_,
    params: BODY,
    consumerKey,
    signatureMethod: method,
    ...(method === 'HMAC-SHA1' ? { consumerSecret: SECRET } : { privateKey: PRIVATE }),
    nonce,
    timestamp,
  });
  return { r, request: { method: 'POST', url: URL_, params: BODY, authorization: r.authorization } };
}

describe('verifyOAuth accepts valid requests', () => {
  it.each([
    ['hmac', 'HMAC-SHA1'],
    ['both', 'HMAC-SHA1'],
    ['rsa', 'RSA-SHA256'],
    ['rsa1', 'RSA-SHA256'],
    ['both', 'RSA-SHA256'],
  ] as const)('consumer %s with %s', async (consumer, method) => {
    const { request } = await signed(consumer, method);
    await expect(verifyOAuth(request, opts())).resolves.toEqual({
      consumerKey: consumer,
      signatureMethod: method,
      timestamp: NOW,
      nonce: 'nonce-1',
    });
  });

  it('accepts a header built independently with node:crypto createHmac, with realm and lower-case method', async () => {
    const enc = (s: string) =>
      encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    const oauth: Array<[string, string]> = [
      ['oauth_consumer_key', 'hmac'],
      ['oauth_nonce', 'abc'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', String(NOW)],
      ['oauth_version', '1.0'],
    ];
    const all = [...BODY, ['x', '1'], ...oauth]
      .map(([n, v]) => [enc(n!), enc(v!)] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
    const base = `POST&${enc('https://api.example.com/paynet/api/v2/payout/1234')}&${enc(all.map(([n, v]) => `${n}=${v}`).join('&'))}`;
    const sig = createHmac('sha1', `${SECRET}&`).update(base).digest('base64');
    const authorization = buildAuthorizationHeader([...oauth, ['oauth_signature', sig]], 'Payments');
    await expect(
      verifyOAuth({ method: 'post', url: URL_, params: BODY, authorization }, opts()),
    ).resolves.toMatchObject({ consumerKey: 'hmac' });
  });

  it('takes body repeats of the header values once (the service sends them in both)', async () => {
    const { r } = await signed('hmac', 'HMAC-SHA1');
    const params = [...BODY, ...oauthBodyParams(r)];
    await expect(
      verifyOAuth({ method: 'POST', url: URL_, params, authorization: r.authorization }, opts()),
    ).resolves.toMatchObject({ consumerKey: 'hmac' });
  });

  it('accepts a request without oauth_version and timestamps at the window edges', async () => {
    const { r } = await signed('hmac', 'HMAC-SHA1');
    const p = parseAuthorizationHeader(r.authorization).params;
    expect(p['oauth_version']).toBe('1.0');
    // 300 s into the past, 30 s into the future (maxFutureSkewSeconds).
    for (const skew of [-300, 30]) {
      const s = await signed('hmac', 'HMAC-SHA1', 'edge' + skew, NOW + skew);
      await expect(verifyOAuth(s.request, opts())).resolves.toMatchObject({ timestamp: NOW + skew });
    }
  });

  it('the future bound is its own option: 30 s by default, maxSkewSeconds when smaller, or as given', async () => {
    const at = async (skew: number, extra: Partial<VerifyOAuthOptions>) =>
      verifyOAuth((await signed('hmac', 'HMAC-SHA1', `f${skew}-${JSON.stringify(extra)}`, NOW + skew)).request, {
        ...opts(),
        ...extra,
      }).then(
        () => 'accepted',
        (e: { code?: string }) => e.code,
      );
    expect(await at(31, {})).toBe('ERR_OAUTH_TIMESTAMP');
    expect(await at(10, { maxSkewSeconds: 10 })).toBe('accepted');
    expect(await at(11, { maxSkewSeconds: 10 })).toBe('ERR_OAUTH_TIMESTAMP');
    expect(await at(300, { maxFutureSkewSeconds: 300 })).toBe('accepted');
    expect(await at(2, { maxFutureSkewSeconds: 1 })).toBe('ERR_OAUTH_TIMESTAMP');
    expect(await at(-300, { maxFutureSkewSeconds: 0 })).toBe('accepted');
  });

  it('round-trips sign -> verify for random requests, both methods (property)', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(text, text), { maxLength: 6 }),
        fc.constantFrom('HMAC-SHA1' as const, 'RSA-SHA256' as const),
        fc.constantFrom('GET', 'post', 'PUT'),
        fc.constantFrom('https://h.example/a', 'http://H.example:8080/p%20q?z=+&y', 'https://h.example:443/?a=b'),
        fc.option(text, { nil: undefined }),
        async (params, method, verb, url, realm) => {
          const safe = params.filter(([n]) => !n.startsWith('oauth_'));
          const r = await signOAuth({
            method: verb,
            url,
            params: safe,
            consumerKey: 'both',
            signatureMethod: method,
            consumerSecret: SECRET,
            privateKey: PRIVATE,
            ...(realm === undefined ? {} : { realm }),
          });
          const now = Number(r.oauthParams['oauth_timestamp']);
          await expect(
            verifyOAuth({ method: verb, url, params: safe, authorization: r.authorization }, opts(undefined, { now })),
          ).resolves.toMatchObject({
            consumerKey: 'both',
            signatureMethod: method,
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('verifyOAuth refuses every single mutation (property)', () => {
  it('method, URL, a parameter name or value, timestamp, nonce, signature', async () => {
    for (const sm of ['HMAC-SHA1', 'RSA-SHA256'] as const) {
      const { r, request } = await signed('both', sm, 'mut-' + sm);
      const header = parseAuthorizationHeader(r.authorization).params;
      const rebuild = (p: Record<string, string>) => buildAuthorizationHeader(Object.entries(p));
      const flipChar = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      const mutation = fc.oneof(
        fc.constant({ ...request, method: 'PUT' }),
        fc
          .constantFrom(
            'https://api.example.com/paynet/api/v2/payout/1235?x=1',
            'https://api.example.com/paynet/api/v2/payout/1234?x=2',
            'https://api.example.com:8443/paynet/api/v2/payout/1234?x=1',
            'http://api.example.com/paynet/api/v2/payout/1234?x=1',
            'https://api.example.com/paynet/api/v2/payout/1234',
            'https://api.example.com/paynet/api/v2/payout/1234/?x=1',
          )
          .map((url) => ({ ...request, url })),
        fc
          .tuple(fc.nat({ max: BODY.length - 1 }), fc.boolean(), fc.string({ minLength: 1, maxLength: 3 }))
          .map(([i, nameSide, extra]) => ({
            ...request,
            params: BODY.map(
              (p, j) => (j === i ? (nameSide ? [p[0] + extra, p[1]] : [p[0], p[1] + extra]) : p) as [string, string],
            ),
          })),
        fc.constant({ ...request, params: BODY.slice(1) }),
        fc.constant({ ...request, params: [...BODY, ['extra', '']] as Array<[string, string]> }),
        fc
          .integer({ min: -200, max: 30 })
          .filter((d) => d !== 0)
          .map((d) => ({ ...request, authorization: rebuild({ ...header, oauth_timestamp: String(NOW + d) }) })),
        fc.constant({ ...request, authorization: rebuild({ ...header, oauth_nonce: 'mut-other' }) }),
        fc.nat({ max: 1000 }).map((i) => {
          const sig = header['oauth_signature']!;
          const at = i % (sig.length - 2);
          return { ...request, authorization: rebuild({ ...header, oauth_signature: flipChar(sig, at) }) };
        }),
      );
      await fc.assert(
        fc.asyncProperty(mutation, async (mutated) => {
          const store = new SpyStore();
          const err = await verifyOAuth(mutated, opts(store)).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(err).toMatchObject({ code: expect.stringMatching(/^ERR_(SIGNATURE_INVALID|OAUTH_PARAMETER)$/) });
          expect(store.calls).toBe(0);
        }),
        { numRuns: 60 },
      );
      // and the unmutated request still passes
      await expect(verifyOAuth(request, opts())).resolves.toMatchObject({ signatureMethod: sm });
    }
  });
});

describe('verifyOAuth refusals, each with its code', () => {
  const base = async () => (await signed('hmac', 'HMAC-SHA1', 'neg')).r;
  const withHeader = async (change: Record<string, string | undefined>) => {
    const p: Record<string, string> = { ...parseAuthorizationHeader((await base()).authorization).params };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete p[k];
      else p[k] = v;
    }
    return { method: 'POST', url: URL_, params: BODY, authorization: buildAuthorizationHeader(Object.entries(p)) };
  };

  it.each<[string, Record<string, string | undefined>, string]>([
    ['missing oauth_consumer_key', { oauth_consumer_key: undefined }, 'ERR_OAUTH_PARAMETER'],
    ['missing oauth_signature_method', { oauth_signature_method: undefined }, 'ERR_OAUTH_PARAMETER'],
    ['missing oauth_signature', { oauth_signature: undefined }, 'ERR_OAUTH_PARAMETER'],
    ['missing oauth_timestamp', { oauth_timestamp: undefined }, 'ERR_OAUTH_PARAMETER'],
    ['missing oauth_nonce', { oauth_nonce: undefined }, 'ERR_OAUTH_PARAMETER'],
    ['empty oauth_nonce', { oauth_nonce: '' }, 'ERR_OAUTH_PARAMETER'],
    ['overlong oauth_nonce', { oauth_nonce: 'n'.repeat(257) }, 'ERR_OAUTH_PARAMETER'],
    ['non-digit timestamp', { oauth_timestamp: '17e8' }, 'ERR_OAUTH_PARAMETER'],
    ['signed timestamp', { oauth_timestamp: '-1' }, 'ERR_OAUTH_PARAMETER'],
    ['overlong timestamp', { oauth_timestamp: '1'.repeat(16) }, 'ERR_OAUTH_PARAMETER'],
    ['oauth_version 2.0', { oauth_version: '2.0' }, 'ERR_OAUTH_PARAMETER'],
    ['non-Base64 signature', { oauth_signature: 'not base64!' }, 'ERR_OAUTH_PARAMETER'],
    ['unknown signature method', { oauth_signature_method: 'PLAINTEXT' }, 'ERR_UNSUPPORTED'],
    ['RSA-SHA1', { oauth_signature_method: 'RSA-SHA1' }, 'ERR_UNSUPPORTED'],
    ['unknown consumer', { oauth_consumer_key: 'nobody' }, 'ERR_OAUTH_UNKNOWN_CONSUMER'],
    ['HMAC for an RSA-only consumer', { oauth_consumer_key: 'rsa' }, 'ERR_OAUTH_METHOD_NOT_ALLOWED'],
    ['RSA for an HMAC-only consumer', { oauth_signature_method: 'RSA-SHA256' }, 'ERR_OAUTH_METHOD_NOT_ALLOWED'],
    ['timestamp 301 s old', { oauth_timestamp: String(NOW - 301) }, 'ERR_OAUTH_TIMESTAMP'],
    ['timestamp 301 s ahead', { oauth_timestamp: String(NOW + 301) }, 'ERR_OAUTH_TIMESTAMP'],
    ['valid-Base64 wrong signature', { oauth_signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' }, 'ERR_SIGNATURE_INVALID'],
    ['short signature', { oauth_signature: 'AAAA' }, 'ERR_SIGNATURE_INVALID'],
  ])('%s -> %s', async (_, change, code) => {
    const store = new SpyStore();
    await expect(verifyOAuth(await withHeader(change), opts(store))).rejects.toMatchObject({ code });
    expect(store.calls).toBe(0);
  });

  it('malformed header -> ERR_OAUTH_HEADER_MALFORMED', async () => {
    await expect(
      verifyOAuth({ method: 'POST', url: URL_, params: BODY, authorization: 'Basic abc' }, opts()),
    ).rejects.toMatchObject({
      code: 'ERR_OAUTH_HEADER_MALFORMED',
    });
  });

  it('body oauth_signature, differing or twice-repeated body values -> ERR_OAUTH_PARAMETER', async () => {
    const r = await base();
    const bodyOf = (extra: Array<[string, string]>) => ({
      method: 'POST',
      url: URL_,
      params: [...BODY, ...extra],
      authorization: r.authorization,
    });
    await expect(verifyOAuth(bodyOf([['oauth_signature', r.signature]]), opts())).rejects.toMatchObject({
      code: 'ERR_OAUTH_PARAMETER',
      field: 'oauth_signature',
    });
    await expect(verifyOAuth(bodyOf([['oauth_nonce', 'other']]), opts())).rejects.toMatchObject({
      code: 'ERR_OAUTH_PARAMETER',
      field: 'oauth_nonce',
    });
    await expect(
      verifyOAuth(
        bodyOf([
          ['oauth_nonce', 'neg'],
          ['oauth_nonce', 'neg'],
        ]),
        opts(),
      ),
    ).rejects.toMatchObject({ code: 'ERR_OAUTH_PARAMETER' });
  });

  it('a wrong RSA public key -> ERR_SIGNATURE_INVALID', async () => {
    const { request } = await signed('rsa', 'RSA-SHA256', 'wrongkey');
    const other = { publicKey: pem('test-only-rsa-4096-spki.pem') };
    await expect(verifyOAuth(request, opts(undefined, { credentials: () => other }))).rejects.toMatchObject({
      code: 'ERR_SIGNATURE_INVALID',
    });
  });

  it('a custom maxSkewSeconds narrows the window', async () => {
    const { request } = await signed('hmac', 'HMAC-SHA1', 'skew', NOW - 11);
    await expect(verifyOAuth(request, opts(undefined, { maxSkewSeconds: 10 }))).rejects.toMatchObject({
      code: 'ERR_OAUTH_TIMESTAMP',
    });
    await expect(verifyOAuth(request, opts(undefined, { maxSkewSeconds: 11 }))).resolves.toMatchObject({
      nonce: 'skew',
    });
  });

  it('async credentials callbacks work; a missing callback is ERR_CONFIGURATION', async () => {
    const { request } = await signed('hmac', 'HMAC-SHA1', 'async');
    await expect(
      verifyOAuth(request, opts(undefined, { credentials: async () => ({ consumerSecret: SECRET }) })),
    ).resolves.toMatchObject({ nonce: 'async' });
    await expect(verifyOAuth(request, {} as VerifyOAuthOptions)).rejects.toMatchObject({ code: 'ERR_CONFIGURATION' });
  });
});

describe('verifyOAuth on hostile input (property)', () => {
  it('rejects random headers and bodies only with PaysigError, never touching the store', async () => {
    const { r } = await signed('hmac', 'HMAC-SHA1', 'fuzz');
    const piece = fc.constantFrom(
      ...r.authorization.split(/(?<=[ ,="])/),
      'oauth_nonce="x"',
      '%',
      '"',
      ',',
      ' ',
      '\uD800',
    );
    const header = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(piece, { maxLength: 20 }).map((a) => a.join('')),
    );
    const body = fc.array(
      fc.tuple(fc.constantFrom('oauth_nonce', 'oauth_signature', 'a', '\uDC00'), fc.string({ maxLength: 5 })),
      { maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(
        header,
        body,
        fc.constantFrom(URL_, 'ftp://x/', 'https://h/?a=%zz', 'https://h/'),
        async (authorization, params, url) => {
          const store = new SpyStore();
          const err = await verifyOAuth({ method: 'POST', url, params, authorization }, opts(store)).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(PaysigError);
          expect(store.calls).toBe(0);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('secrets with reserved characters verify (key percent-encoded alike on both sides)', async () => {
    const secret = 'a&b c%~+';
    const r = await signOAuth({
      method: 'POST',
      url: URL_,
      params: BODY,
      consumerKey: 'x',
      consumerSecret: secret,
      signatureMethod: 'HMAC-SHA1',
      timestamp: NOW,
    });
    await expect(
      verifyOAuth(
        { method: 'POST', url: URL_, params: BODY, authorization: r.authorization },
        opts(undefined, { credentials: () => ({ consumerSecret: secret }) }),
      ),
    ).resolves.toMatchObject({ consumerKey: 'x' });
  });
});

describe('verifyOAuth nonce handling', () => {
  it('refuses a replay with ERR_OAUTH_NONCE_REPLAYED (a shared store), and runs with no store only when told', async () => {
    const store = new MemoryNonceStore();
    const { request } = await signed('hmac', 'HMAC-SHA1', 'replay');
    await expect(verifyOAuth(request, opts(store))).resolves.toBeDefined();
    await expect(verifyOAuth(request, opts(store))).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
    const real = Math.floor(Date.now() / 1000);
    const fresh = await signOAuth({
      method: 'POST',
      url: URL_,
      params: BODY,
      consumerKey: 'hmac',
      consumerSecret: SECRET,
      signatureMethod: 'HMAC-SHA1',
      timestamp: real,
    });
    const req = { method: 'POST', url: URL_, params: BODY, authorization: fresh.authorization };
    const credentials = (k: string) => consumers[k];
    // No store behind the caller's back: without one the call is the server's mistake (500) ...
    await expect(verifyOAuth(req, { credentials } as never)).rejects.toMatchObject({
      code: 'ERR_CONFIGURATION',
      field: 'nonceStore',
    });
    // ... and the explicit opt-out says what it does: the same request passes twice.
    await expect(verifyOAuth(req, { credentials, nonceStore: REPLAYS_NOT_CHECKED })).resolves.toBeDefined();
    await expect(verifyOAuth(req, { credentials, nonceStore: REPLAYS_NOT_CHECKED })).resolves.toBeDefined();
  });

  it('fails closed with ERR_NONCE_STORE when the store throws or answers nonsense', async () => {
    const { request } = await signed('hmac', 'HMAC-SHA1', 'broken');
    const throwing: NonceStore = { check: () => Promise.reject(new Error('connection refused')) };
    const nonsense: NonceStore = { check: () => Promise.resolve('OK' as unknown as boolean) };
    await expect(verifyOAuth(request, opts(throwing))).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
    await expect(verifyOAuth(request, opts(nonsense))).rejects.toMatchObject({ code: 'ERR_NONCE_STORE' });
  });

  it('asks the store to remember the nonce until the timestamp leaves the window', async () => {
    let seen: [string, string, number, number] | undefined;
    const store: NonceStore = {
      check: (c, n, t, ttl) => {
        seen = [c, n, t, ttl];
        return Promise.resolve(true);
      },
    };
    const { request } = await signed('hmac', 'HMAC-SHA1', 'ttl', NOW - 100);
    await verifyOAuth(request, opts(store));
    expect(seen).toEqual(['hmac', 'ttl', NOW - 100, 201]);
  });
});

// diagnose(): expected digests, signatures and base strings come from node:crypto and a base
// string built here by hand (encodeURIComponent plus the RFC 3986 fix-ups), not from paysig.
import { createHash, createHmac, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors/index.js';
import { diagnose, type DiagnoseOptions } from './index.js';
import type { VerifyCredentials } from '../request/verify.js';

const keys = join(import.meta.dirname, '../../vectors/keys');
const pem = (name: string) => readFileSync(join(keys, name), 'utf8');
const PRIVATE = pem('test-only-rsa-2048-pkcs8.pem');
const PUBLIC = pem('test-only-rsa-2048-spki.pem');
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const LOGIN = 'merchant';
const BASE = 'https://gate.example.com/paynet';
const NOW = 1_700_000_000;
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const pe = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const form = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${pe(k)}=${pe(v)}`).join('&');

function baseString(url: string, pairs: Array<[string, string]>): string {
  const enc = pairs
    .map(([k, v]) => [pe(k), pe(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return `POST&${pe(url)}&${pe(enc.map(([k, v]) => `${k}=${v}`).join('&'))}`;
}

function options(
  creds: VerifyCredentials = { controlKey: KEY, publicKey: PUBLIC },
  extra: Partial<DiagnoseOptions> = {},
): DiagnoseOptions {
  return { basePath: '/paynet', now: NOW, credentials: () => creds, ...extra };
}

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return {
    method: 'POST',
    url: BASE + path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/vnd.pay+json', ...headers },
    body,
  };
}

const header = (oauth: Record<string, string>) =>
  'OAuth ' +
  Object.entries(oauth)
    .map(([k, v]) => `${k}="${pe(v)}"`)
    .join(', ');

function oauthRequest(
  path: string,
  body: Array<[string, string]>,
  sign: (base: string) => string,
  variant: 'right' | 'double' | 'twice' = 'right',
  method = 'HMAC-SHA1',
  ts = NOW,
) {
  const oauth: Record<string, string> = {
    oauth_consumer_key: LOGIN,
    oauth_nonce: 'n+/=1',
    oauth_signature_method: method,
    oauth_timestamp: String(ts),
    oauth_version: '1.0',
  };
  const repeated: Array<[string, string]> = Object.entries(oauth);
  const signedOAuth = variant === 'double' ? repeated.map(([k, v]): [string, string] => [k, pe(v)]) : repeated;
  const params = [...body, ...signedOAuth, ...(variant === 'twice' ? repeated : [])];
  const signature = sign(baseString(BASE + path, params));
  return post(path, form([...body, ...repeated]), { authorization: header({ ...oauth, oauth_signature: signature }) });
}
const hmac = (base: string) =>
  createHmac('sha1', KEY + '&')
    .update(base)
    .digest('base64');
const rsa = (base: string) => createSign('RSA-SHA256').update(base).sign(PRIVATE, 'base64');

describe('diagnose: control', () => {
  const sale = (amount: string, digestAmount: string, orderId = '902B4FF5', digestOrderId = orderId) =>
    post(
      '/api/v2/sale/1111',
      form([
        ['client_orderid', orderId],
        ['amount', amount],
        ['currency', 'EUR'],
        ['email', 'a@b.example'],
        ['control', sha1(`1111${digestOrderId}${digestAmount}a@b.example${KEY}`)],
      ]),
    );

  it('shows the terms with the key as a placeholder and the expected digest for a valid request', async () => {
    const d = await diagnose(sale('10.42', '1042'), options());
    expect(d.valid).toBe(true);
    expect(d.operation).toMatchObject({ id: 'sale', endpointId: '1111' });
    expect(d.scheme).toBe('C-B');
    expect(d.control?.terms).toEqual([
      { name: 'endpointId', value: '1111' },
      { name: 'client_orderid', value: '902B4FF5' },
      { name: 'amount', value: '1042' },
      { name: 'email', value: 'a@b.example' },
      { name: 'control key', value: '<control key>' },
    ]);
    expect(d.control?.expected).toBe(sha1(`1111902B4FF51042a@b.example${KEY}`));
    expect(d.hints).toEqual([]);
    expect(JSON.stringify(d)).not.toContain(KEY);
  });

  it.each([
    ['0.29', '28', 'truncated float'],
    ['0.29', '28.999999999999996', 'float text'],
    ['10.42', '10.42', 'decimal, not minor units'],
    ['10.42', '1041', 'one unit less'],
  ])('recognises the amount %s hashed as %s (%s)', async (amount, term) => {
    const d = await diagnose(sale(amount, term), options());
    expect(d.valid).toBe(false);
    expect(d.error?.code).toBe('ERR_CONTROL_MISMATCH');
    expect(d.error?.status).toBe(403);
    expect(d.hints.map((h) => h.id)).toEqual(['amount-float']);
    expect(d.control?.clientInput).toBe(`1111902B4FF5${term}a@b.example<control key>`);
    expect(d.difference?.what).toBe('control input');
    expect(d.difference?.index).toBe(
      '1111902B4FF5'.length + [...term].findIndex((c, i) => c !== d.control!.terms[2]!.value[i]),
    );
  });

  it('recognises a digest over untrimmed values; reports a plain mismatch without a hint', async () => {
    const d = await diagnose(sale('10.42', '1042', ' 902B4FF5\t', ' 902B4FF5\t'), options());
    expect(d.hints.map((h) => h.id)).toEqual(['untrimmed-values']);
    const nbsp = await diagnose(sale('10.42', '1042', '902B4FF5\u00a0', '902B4FF5'), options());
    expect(nbsp.hints.map((h) => h.id)).toEqual(['untrimmed-values']);
    expect(nbsp.hints[0]!.message).toContain('U+00A0');
    const other = await diagnose(sale('10.42', '1042', '902B4FF5', 'XXXX'), options());
    expect(other.hints).toEqual([]);
    expect(other.difference?.what).toBe('control digest');
    expect(other.difference?.expected).toBe(sha1(`1111902B4FF51042a@b.example${KEY}`).slice(0, 40));
  });

  it('says why it stops: no operation, no key, an oversized body; never throws for a bad request', async () => {
    const none = await diagnose(post('/api/v2/refund/1', ''), options());
    expect(none).toMatchObject({ valid: false, error: { code: 'ERR_UNKNOWN_OPERATION', status: 404 } });
    expect(none.problem).toContain('no operation at path');
    const noKey = await diagnose(sale('10.42', '1042'), options({}));
    expect(noKey.problem).toContain('no control key');
    expect(noKey.control?.expected).toBeUndefined();
    const big = await diagnose(post('/api/v2/sale/1', 'a='.padEnd(70_000, 'x')), options());
    expect(big.problem).toContain('larger than 65536 bytes');
    const stream = new Request(BASE + '/api/v2/sale/1', { method: 'POST', body: 'a='.padEnd(70_000, 'x') });
    expect((await diagnose(stream, options())).problem).toContain('larger than');
    const junk = await diagnose({ method: 'GET', url: BASE + '/api/v2/sale/1', body: '%zz' }, options());
    expect(junk.valid).toBe(false);
    await expect(
      diagnose(post('/x', ''), { credentials: 'nope' } as unknown as DiagnoseOptions),
    ).rejects.toBeInstanceOf(InvalidInputError);
    await expect(diagnose(post('/x', ''), options(undefined, { maxSkewSeconds: -1 }))).rejects.toBeInstanceOf(
      InvalidInputError,
    );
  });
});

describe('diagnose: OAuth', () => {
  const PAYOUT = '/api/v2/payout/1111';
  const body: Array<[string, string]> = [
    ['client_orderid', 'P-1'],
    ['amount', '10.00'],
    ['currency', 'EUR'],
  ];

  it('lists each parameter with its source and gives the expected HMAC signature', async () => {
    const req = oauthRequest(PAYOUT, body, hmac);
    const d = await diagnose(req, options());
    expect(d.valid).toBe(true);
    const oauth = {
      oauth_consumer_key: LOGIN,
      oauth_nonce: 'n+/=1',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: String(NOW),
      oauth_version: '1.0',
    };
    const expectedBase = baseString(BASE + PAYOUT, [...body, ...Object.entries(oauth)]);
    expect(d.oauth?.baseString).toBe(expectedBase);
    expect(d.oauth?.expectedSignature).toBe(hmac(expectedBase));
    expect(d.oauth?.receivedSignature).toBe(hmac(expectedBase));
    expect(d.oauth?.parameters.filter((p) => p.source === 'body' && !p.signed).map((p) => p.name)).toHaveLength(5);
    expect(d.oauth?.parameters.find((p) => p.source === 'header' && p.name === 'oauth_signature')?.signed).toBe(false);
    expect(d.oauth?.timestampOffsetSeconds).toBe(0);
  });

  it.each([
    ['double', 'oauth-double-encoded'],
    ['twice', 'oauth-counted-twice'],
  ] as const)('recognises oauth_* values %s in the base string', async (variant, id) => {
    const d = await diagnose(oauthRequest(PAYOUT, body, hmac, variant), options());
    expect(d.valid).toBe(false);
    expect(d.error?.code).toBe('ERR_SIGNATURE_INVALID');
    expect(d.hints.map((h) => h.id)).toEqual([id]);
    expect(d.difference?.what).toBe('base string');
    expect(d.oauth?.clientBaseString).not.toBe(d.oauth?.baseString);
  });

  it('recognises a stale timestamp with the skew, and a login that is not the consumer key', async () => {
    const d = await diagnose(
      oauthRequest(PAYOUT, [...body, ['login', 'someone-else']], hmac, 'right', 'HMAC-SHA1', NOW - 900),
      options(),
    );
    expect(d.error?.code).toBe('ERR_OAUTH_TIMESTAMP');
    expect(d.hints.map((h) => h.id).sort()).toEqual(['login-consumer-mismatch', 'stale-timestamp']);
    expect(d.hints.find((h) => h.id === 'stale-timestamp')?.message).toContain(
      '900 s in the past, beyond the 300 s allowed',
    );
    expect(d.oauth?.timestampOffsetSeconds).toBe(-900);
  });

  it('RSA-SHA256: reports the verify result and recognises keys of the wrong kind or form', async () => {
    const V4 = '/api/v4/create-card-ref/1111';
    const v4body: Array<[string, string]> = [
      ['client_orderid', 'A-1'],
      ['credit_card_number', '4111111111111111'],
      ['expire_month', '12'],
      ['expire_year', '2030'],
    ];
    const good = await diagnose(oauthRequest(V4, v4body, rsa, 'right', 'RSA-SHA256'), options());
    expect(good.valid).toBe(true);
    expect(good.oauth?.rsaVerified).toBe(true);

    const privateAsPublic = await diagnose(
      oauthRequest(V4, v4body, rsa, 'right', 'RSA-SHA256'),
      options({ publicKey: PRIVATE }),
    );
    expect(privateAsPublic.valid).toBe(false);
    expect(privateAsPublic.hints.map((h) => h.id)).toEqual(['wrong-key-form']);
    expect(privateAsPublic.hints[0]!.message).toContain('PKCS#8 private key');
    expect(JSON.stringify(privateAsPublic)).not.toContain('MII');

    const pkcs1 = pem('test-only-rsa-2048-pkcs1-public.pem').replace(/RSA PUBLIC KEY/g, 'PUBLIC KEY');
    const mislabelled = await diagnose(
      oauthRequest(V4, v4body, rsa, 'right', 'RSA-SHA256'),
      options({ publicKey: pkcs1 }),
    );
    expect(mislabelled.hints[0]?.message).toContain('holds a PKCS#1 public key');

    const hmacInstead = await diagnose(oauthRequest(V4, v4body, hmac), options());
    expect(hmacInstead.error?.code).toBe('ERR_OAUTH_METHOD_NOT_ALLOWED');
    expect(hmacInstead.hints.map((h) => h.id)).toEqual(['wrong-key-form']);
    expect(hmacInstead.hints[0]!.message).toContain('signed with RSA-SHA256');
  });

  it('says why it stops on a missing or malformed header', async () => {
    const none = await diagnose(post(PAYOUT, form(body)), options());
    expect(none.problem).toBe('the request has no Authorization header');
    const bad = await diagnose(post(PAYOUT, form(body), { authorization: 'OAuth oauth_nonce="x' }), options());
    expect(bad.problem).toContain('cannot be read');
    expect(bad.error?.code).toBe('ERR_OAUTH_HEADER_MALFORMED');
  });
});

describe('diagnose: hostile input', () => {
  it('resolves with a diagnosis, never throws, for arbitrary methods, paths, headers and bodies', async () => {
    const fc = (await import('fast-check')).default;
    // Mostly the characters that matter to the parsers, some of anything.
    const unit = fc.oneof(
      fc.constantFrom('%', '&', '=', '+', ' ', '"', ',', 'a', '0', 'F', '\u00a0', 'oauth_'),
      fc.string({ unit: 'binary', maxLength: 1 }),
    );
    const text = fc.array(unit, { maxLength: 60 }).map((a) => a.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'GET', 'post', 'PUT'),
        fc.constantFrom(
          '/api/v2/sale/1111',
          '/api/v2/payout/1',
          '/api/v4/create-card-ref/group/7',
          '/api/v2/status/x',
          '/nope',
        ),
        text,
        fc.oneof(
          text,
          text.map((t) => `OAuth oauth_consumer_key="${LOGIN}", oauth_signature="${t}"`),
        ),
        fc.oneof(
          text,
          text.map((t) => `control=${t}&login=${LOGIN}&amount=${t}&currency=EUR`),
        ),
        async (method, path, query, authorization, body) => {
          const d = await diagnose(
            {
              method,
              url: `${BASE}${path}?${encodeURIComponent(query)}`,
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                accept: 'application/vnd.pay+json',
                authorization: authorization.replace(/[^\x20-\x7e]/g, ''),
              },
              body,
            },
            options(),
          );
          expect(typeof d.valid).toBe('boolean');
          expect(JSON.stringify(d)).not.toContain(KEY);
        },
      ),
      { numRuns: 150 },
    );
  });
});

import { createHash, createHmac, generateKeyPairSync, verify as nodeVerify } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { httpStatusOf } from '../errors/handling.js';
import { BodyTooLargeError, HttpMethodNotAllowedError, PaysigError, UnknownMerchantError } from '../errors/index.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { OPERATIONS } from '../catalog/index.js';
import type { OperationParamsMap, SaleParams } from '../catalog/params.js';
import type { Scheme } from '../catalog/scheme.js';
import { signRequest, type SignOptions } from './sign.js';
import { verifyRequest, type VerifyCredentials, type VerifyRequestOptions } from './verify.js';

const LOGIN = 'merchantlogin';
const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const BASE = 'https://gate.example.com/paynet/';
const { privateKey: PRIVATE_PEM, publicKey: PUBLIC_PEM } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const CREDS = { login: LOGIN, controlKey: CONTROL_KEY, privateKey: PRIVATE_PEM };
const SCHEMES = { 'payment-form': 'C-B', 'payout-form': 'HMAC-SHA1' } as const;
/** The catalog rows' samples as objects, by operation id. */
const SAMPLES: Record<string, { params: Record<string, string>; scheme?: Scheme }> = Object.fromEntries(
  OPERATIONS.map((op) => [
    op.id,
    {
      params: Object.fromEntries(op.sample.params),
      ...(op.sample.scheme !== undefined ? { scheme: op.sample.scheme } : {}),
    },
  ]),
);

function lookup(who: {
  login?: string;
  consumerKey?: string;
  endpointId?: string;
  endpointGroupId?: string;
}): VerifyCredentials | undefined {
  const id = who.login ?? who.consumerKey;
  if (id !== undefined) return id === LOGIN ? { controlKey: CONTROL_KEY, publicKey: PUBLIC_PEM } : undefined;
  return who.endpointId === '1111' || who.endpointId === '1112' || who.endpointGroupId === '77'
    ? { controlKey: CONTROL_KEY }
    : undefined;
}

function verifyOptions(extra: Partial<VerifyRequestOptions> = {}): VerifyRequestOptions {
  return { basePath: '/paynet', credentials: lookup, schemes: SCHEMES, nonceStore: new MemoryNonceStore(), ...extra };
}

async function codeOf(p: Promise<unknown> | (() => Promise<unknown>)): Promise<PaysigError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return e as PaysigError;
  }
  throw new Error('expected a rejection');
}

function sign(
  op: string,
  params: Record<string, string | boolean | undefined> | Array<[string, string]>,
  extra: Partial<SignOptions> = {},
) {
  return signRequest(op, { baseUrl: BASE, endpointId: 1111, params, credentials: CREDS, ...extra });
}

/** Naive independent form decoding for the checks below. */
function decodeBody(body: string): Array<[string, string]> {
  expect(body).not.toContain('+');
  return body.split('&').map((kv) => {
    const [k, v] = kv.split('=') as [string, string];
    return [decodeURIComponent(k), decodeURIComponent(v)];
  });
}

const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

describe('every catalog row: signed, then verified end to end', () => {
  for (const op of OPERATIONS) {
    const sample = SAMPLES[op.id]!;
    it(`${op.id} by endpoint and by group`, async () => {
      const signed = await sign(op.id, sample.params, sample.scheme !== undefined ? { scheme: sample.scheme } : {});
      expect(signed.url).toBe('https://gate.example.com/paynet' + op.path.replace('{endpointId}', '1111'));
      expect(signed.headers['Accept']).toBe('application/vnd.pay+json');
      expect(signed.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
      const ok = await verifyRequest(signed.toRequest(), verifyOptions());
      expect(ok.operation.id).toBe(op.id);
      expect(ok.endpointId).toBe('1111');

      const grouped = await sign(op.id, sample.params, {
        endpointId: undefined,
        endpointGroupId: '77',
        ...(sample.scheme !== undefined ? { scheme: sample.scheme } : {}),
      });
      expect(grouped.url).toBe('https://gate.example.com/paynet' + op.groupPath.replace('{endpointGroupId}', '77'));
      const g = await verifyRequest(grouped.toRequest(), verifyOptions());
      expect(g.operation.id).toBe(op.id);
      expect(g.endpointGroupId).toBe('77');
      expect(g.endpointId).toBeUndefined();
    });
  }
});

describe('control digests against an independent SHA-1', () => {
  // Concatenations written out by hand from the formulas (amounts in minor units).
  const cases: Array<[string, string]> = [
    ['sale', '1111902B4FF51042john.smith@gmail.com'],
    ['preauth-form', '1111902B4FF51042john.smith@gmail.com'],
    ['account-verification', '1111902B4FF5john.smith@gmail.com'],
    ['capture', `${LOGIN}902B4FF5840019500EUR`],
    ['return', `${LOGIN}902B4FF5840019`],
    ['make-rebill', `${LOGIN}902B4FF5765432129USD`],
    ['status', `${LOGIN}902B4FF5`],
    ['void', `${LOGIN}902B4FF5840019`],
    ['create-card-ref', `${LOGIN}902B4FF5840019`],
    ['upload-cres-result', `${LOGIN}902B4FF5840019`],
    ['upload-method-url-result', `${LOGIN}902B4FF5840019`],
    ['get-card-info', `${LOGIN}7654321`],
  ];
  for (const [id, concat] of cases) {
    it(id, async () => {
      const signed = await sign(id, SAMPLES[id]!.params);
      expect(signed.control).toBe(sha1(concat + CONTROL_KEY));
      const pairs = decodeBody(signed.body);
      expect(pairs.at(-1)).toEqual(['control', sha1(concat + CONTROL_KEY)]);
      if (concat.startsWith(LOGIN)) expect(pairs[0]).toEqual(['login', LOGIN]);
      else expect(pairs.some(([k]) => k === 'login')).toBe(false);
    });
  }

  it('the published C-B worked example, with the group id taking the endpoint place', async () => {
    const params = { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' };
    const a = await sign('sale', params);
    expect(a.control).toBe(sha1('1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20'));
    const g = await sign('sale', params, { endpointId: undefined, endpointGroupId: 1111n });
    expect(g.url).toBe('https://gate.example.com/paynet/api/v2/sale/group/1111');
    expect(g.control).toBe(a.control);
  });

  it('signs trimmed values (the service trims every parameter)', async () => {
    const a = await sign('sale', {
      client_orderid: ' 902B4FF5 ',
      amount: ' 10.42',
      currency: 'EUR ',
      email: '\tjohn.smith@gmail.com\n',
    });
    expect(a.control).toBe(sha1('1111902B4FF51042john.smith@gmail.com' + CONTROL_KEY));
    expect(decodeBody(a.body)).toEqual([
      ['client_orderid', '902B4FF5'],
      ['amount', '10.42'],
      ['currency', 'EUR'],
      ['email', 'john.smith@gmail.com'],
      ['control', a.control],
    ]);
  });

  it('trims the login the way it trims parameters (ASCII controls and space, not U+00A0)', async () => {
    const signed = await signRequest('status', {
      baseUrl: BASE,
      endpointId: 1111,
      params: { client_orderid: 'C1' },
      credentials: { login: ' merchant\u00a0\n', controlKey: CONTROL_KEY },
    });
    expect(decodeBody(signed.body)[0]).toEqual(['login', 'merchant\u00a0']);
    expect(signed.control).toBe(sha1('merchant\u00a0C1' + CONTROL_KEY));
  });

  it('encodes the body with RFC 3986 escapes, never +', async () => {
    const s = await sign('sale', SAMPLES['sale']!.params);
    expect(s.body).toContain('order_desc=Two%20tickets%20%26%20a%20%22gift%22%20%2850%25%20off%29%20%2B%20caf%C3%A9');
  });
});

describe('OAuth operations against independent implementations', () => {
  const enc = (s: string): string =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

  it('HMAC-SHA1: the published pan-eligibility parameter string, signed with node:crypto', async () => {
    const signed = await sign(
      'pan-eligibility-send',
      { 'client-order-id': '1234567890', 'sending-card-ref-id': '7654321' },
      {
        nonce: 'y3qlvMPky7g',
        timestamp: 1669966913,
      },
    );
    const published =
      'client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321';
    const base = `POST&${enc(signed.url)}&${enc(published)}`;
    expect(signed.oauth?.baseString).toBe(base);
    const expected = createHmac('sha1', CONTROL_KEY + '&')
      .update(base)
      .digest('base64');
    expect(signed.oauth?.signature).toBe(expected);
    expect(signed.headers['Authorization']).toContain(`oauth_signature="${enc(expected)}"`);
    // the five oauth_* parameters repeated in the body, never the signature
    const body = decodeBody(signed.body);
    expect(body.map(([k]) => k)).toEqual([
      'client-order-id',
      'sending-card-ref-id',
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature_method',
      'oauth_timestamp',
      'oauth_version',
    ]);
    expect(body.some(([k]) => k === 'login')).toBe(false);
    const ok = await verifyRequest(signed.toRequest(), verifyOptions({ now: 1669966913 }));
    expect(ok.consumerKey).toBe(LOGIN);

    const bare = await sign('pan-eligibility-send', { 'client-order-id': '1234567890' }, { repeatOAuthInBody: false });
    expect(bare.body).toBe('client-order-id=1234567890');
    await verifyRequest(bare.toRequest(), verifyOptions());
  });

  it('RSA-SHA256: the signature verifies with node:crypto over the base string', async () => {
    const signed = await sign('transfer-v4', SAMPLES['transfer-v4']!.params);
    expect(signed.scheme).toBe('RSA-SHA256');
    const sig = Buffer.from(signed.oauth!.signature, 'base64');
    expect(nodeVerify('sha256', Buffer.from(signed.oauth!.baseString, 'utf8'), PUBLIC_PEM, sig)).toBe(true);
    expect(signed.oauth!.baseString).toContain(
      enc('amount=10.15&client_orderid=902B4FF5&currency=EUR&deposit2card=true&destination-card-no='),
    );
  });
});

describe('field rules: each violation refused with its code, naming the field', () => {
  const cases: Array<[string, () => Promise<unknown>, string, string | undefined]> = [
    [
      'amount on void',
      () => sign('void', { client_orderid: 'a', orderid: 'b', amount: '1.00', currency: 'EUR' }),
      'ERR_INVALID_INPUT',
      'amount',
    ],
    [
      'amount without currency',
      () => sign('capture', { client_orderid: 'a', orderid: 'b', amount: '1.00' }),
      'ERR_INVALID_INPUT',
      'currency',
    ],
    [
      'currency without amount',
      () => sign('payout', { client_orderid: 'a', currency: 'EUR' }),
      'ERR_INVALID_INPUT',
      'amount',
    ],
    [
      'threeDSCompInd not Y/N/U',
      () => sign('upload-method-url-result', { 'client-order-id': 'a', orderid: 'b', threeDSCompInd: 'y' }),
      'ERR_INVALID_INPUT',
      'threeDSCompInd',
    ],
    [
      'client_orderid on a 3DS upload',
      () => sign('upload-pares-result', { client_orderid: 'a', orderid: 'b' }),
      'ERR_INVALID_INPUT',
      'client_orderid',
    ],
    [
      'endpointId not an integer',
      () => sign('sale', SAMPLES['sale']!.params, { endpointId: '12a' }),
      'ERR_INVALID_INPUT',
      'endpointId',
    ],
    [
      'endpointId beyond int64',
      () => sign('sale', SAMPLES['sale']!.params, { endpointId: 9223372036854775808n }),
      'ERR_INVALID_INPUT',
      'endpointId',
    ],
    [
      'both endpoint and group',
      () => sign('sale', SAMPLES['sale']!.params, { endpointGroupId: 5 }),
      'ERR_INVALID_INPUT',
      undefined,
    ],
    [
      'neither endpoint nor group',
      () => sign('sale', SAMPLES['sale']!.params, { endpointId: undefined }),
      'ERR_INVALID_INPUT',
      'endpointId',
    ],
    [
      'required formula term missing',
      () => sign('sale', { client_orderid: 'a', amount: '1.00', currency: 'EUR' }),
      'ERR_MISSING_FIELD',
      'email',
    ],
    [
      '3DS order id missing',
      () => sign('upload-cres-result', { orderid: 'b' }),
      'ERR_MISSING_FIELD',
      'client-order-id',
    ],
    [
      'amount not a decimal',
      () => sign('sale', { ...SAMPLES['sale']!.params, amount: '10,42' }),
      'ERR_INVALID_AMOUNT',
      'amount',
    ],
    [
      'amount with too many decimals',
      () => sign('payout', { amount: '1.005', currency: 'EUR' }),
      'ERR_INVALID_AMOUNT',
      'amount',
    ],
    [
      'amount as a number',
      () =>
        signRequest('sale', {
          baseUrl: BASE,
          endpointId: 1,
          credentials: CREDS,
          params: { client_orderid: 'a', amount: 10.42 as unknown as string, currency: 'EUR', email: 'e' },
        }),
      'ERR_INVALID_AMOUNT',
      'amount',
    ],
    [
      'params.login differs',
      () => sign('status', { login: 'other', client_orderid: 'a' }),
      'ERR_INVALID_INPUT',
      'login',
    ],
    [
      'control passed in params',
      () => sign('status', { client_orderid: 'a', control: 'x' }),
      'ERR_INVALID_INPUT',
      'control',
    ],
    ['oauth_ passed in params', () => sign('payout', { oauth_nonce: 'x' }), 'ERR_INVALID_INPUT', 'oauth_nonce'],
    [
      'duplicate amount',
      () =>
        sign('payout', [
          ['amount', '1.00'],
          ['currency', 'EUR'],
          ['amount', '2.00'],
        ]),
      'ERR_INVALID_INPUT',
      'amount',
    ],
    ['unknown operation', () => sign('refund', {}), 'ERR_UNKNOWN_OPERATION', 'operation'],
    [
      'unknown scheme without explicit one',
      () => sign('payment-form', SAMPLES['sale']!.params),
      'ERR_UNSUPPORTED',
      'scheme',
    ],
    [
      'bad explicit scheme',
      () => sign('sale', SAMPLES['sale']!.params, { scheme: 'MD5' as 'C-B' }),
      'ERR_INVALID_INPUT',
      'scheme',
    ],
    [
      'baseUrl with a query',
      () => sign('status', { client_orderid: 'a' }, { baseUrl: 'https://h/p?x=1' }),
      'ERR_INVALID_INPUT',
      'baseUrl',
    ],
    [
      'baseUrl with a fragment',
      () => sign('status', { client_orderid: 'a' }, { baseUrl: 'https://h/p#' }),
      'ERR_INVALID_INPUT',
      'baseUrl',
    ],
    [
      'baseUrl relative',
      () => sign('status', { client_orderid: 'a' }, { baseUrl: '/p' }),
      'ERR_INVALID_INPUT',
      'baseUrl',
    ],
    [
      'control key missing',
      () => sign('status', { client_orderid: 'a' }, { credentials: { login: LOGIN } }),
      'ERR_MISSING_FIELD',
      'credentials.controlKey',
    ],
    [
      'private key missing',
      () =>
        sign(
          'payout-check',
          { amount: '1.00', currency: 'EUR' },
          { credentials: { login: LOGIN, controlKey: CONTROL_KEY } },
        ),
      'ERR_MISSING_FIELD',
      'credentials.privateKey',
    ],
    [
      'float as a number',
      () => sign('payout', { amount: '1.00', currency: 'EUR', fee: 0.5 as unknown as string }),
      'ERR_INVALID_INPUT',
      'fee',
    ],
  ];
  for (const [title, run, code, field] of cases) {
    it(title, async () => {
      const e = await codeOf(run);
      expect(e.code).toBe(code);
      if (field !== undefined) expect(e.field).toBe(field);
      expect(e.message).not.toContain(CONTROL_KEY);
      expect(httpStatusOf(e)).toBe(code === 'ERR_UNKNOWN_OPERATION' ? 404 : 400);
    });
  }

  it('void and status without the optional terms still sign', async () => {
    const s = await sign('status', { client_orderid: 'a' });
    expect(s.control).toBe(sha1(`${LOGIN}a` + CONTROL_KEY));
  });

  it('joins baseUrl and path with exactly one slash, normalising host and default port', async () => {
    for (const base of [
      'https://h.example/p',
      'https://h.example/p/',
      'https://h.example/p//',
      'https://H.EXAMPLE:443/p',
    ]) {
      const s = await sign('status', { client_orderid: 'a' }, { baseUrl: base });
      expect(s.url).toBe('https://h.example/p/api/v2/status/1111');
    }
    const root = await sign('status', { client_orderid: 'a' }, { baseUrl: 'http://h.example:8080' });
    expect(root.url).toBe('http://h.example:8080/api/v2/status/1111');
  });
});

/** Flips one bit of the first signature byte, keeping the header's Base64 well formed. */
function flipSignatureByte(header: string): string {
  return header.replace(/oauth_signature="([^"]*)"/, (_, encoded: string) => {
    const bytes = Buffer.from(decodeURIComponent(encoded), 'base64');
    bytes[0] = bytes[0]! ^ 1;
    return `oauth_signature="${encodeURIComponent(bytes.toString('base64'))}"`;
  });
}

describe('verifyRequest refuses tampered and malformed requests', () => {
  async function tamper(
    op: string,
    edit: (r: { url: string; headers: Record<string, string>; body: string; method: string }) => void,
    opts: Partial<VerifyRequestOptions> = {},
  ): Promise<PaysigError> {
    const s = await sign(
      op,
      SAMPLES[op]!.params,
      SAMPLES[op]!.scheme !== undefined ? { scheme: SAMPLES[op]!.scheme! } : {},
    );
    const r = { url: s.url, headers: { ...s.headers }, body: s.body, method: 'POST' };
    edit(r);
    const req = new Request(r.url, {
      method: r.method,
      headers: r.headers,
      ...(r.method === 'POST' ? { body: r.body } : {}),
    });
    return codeOf(verifyRequest(req, verifyOptions(opts)));
  }
  const cases: Array<[string, string, Parameters<typeof tamper>[1], string, number, Partial<VerifyRequestOptions>?]> = [
    [
      'control: body value changed',
      'sale',
      (r) => void (r.body = r.body.replace('amount=10.42', 'amount=10.43')),
      'ERR_CONTROL_MISMATCH',
      403,
    ],
    [
      'control: path endpoint changed',
      'sale',
      (r) => void (r.url = r.url.replace('/1111', '/1112')),
      'ERR_CONTROL_MISMATCH',
      403,
    ],
    [
      'control: unknown endpoint',
      'sale',
      (r) => void (r.url = r.url.replace('/1111', '/9999')),
      'ERR_UNKNOWN_MERCHANT',
      403,
    ],
    [
      'control: group id changed',
      'sale',
      (r) => void (r.url = r.url.replace('/1111', '/group/77')),
      'ERR_CONTROL_MISMATCH',
      403,
    ],
    [
      'control: digest replaced',
      'void',
      (r) => void (r.body = r.body.replace(/control=[0-9a-f]+/, 'control=' + '0'.repeat(40))),
      'ERR_CONTROL_MISMATCH',
      403,
    ],
    [
      'control: login changed',
      'void',
      (r) => void (r.body = r.body.replace('login=merchantlogin', 'login=intruder')),
      'ERR_UNKNOWN_MERCHANT',
      403,
    ],
    [
      'control: digest missing',
      'status',
      (r) => void (r.body = r.body.replace(/&control=[0-9a-f]+/, '')),
      'ERR_MISSING_FIELD',
      400,
    ],
    [
      'control: digest duplicated',
      'status',
      (r) => void (r.body += '&control=' + 'a'.repeat(40)),
      'ERR_INVALID_INPUT',
      400,
    ],
    [
      'HMAC: body value changed',
      'payout',
      (r) => void (r.body = r.body.replace('amount=25.00', 'amount=26.00')),
      'ERR_SIGNATURE_INVALID',
      403,
    ],
    [
      'HMAC: path endpoint changed',
      'payout',
      (r) => void (r.url = r.url.replace('/1111', '/1112')),
      'ERR_SIGNATURE_INVALID',
      403,
    ],
    [
      'RSA: body value changed',
      'payout-check',
      (r) => void (r.body = r.body.replace('EUR', 'USD')),
      'ERR_SIGNATURE_INVALID',
      403,
    ],
    [
      'RSA: header signature changed',
      'create-card-ref-v4',
      (r) => void (r.headers['Authorization'] = flipSignatureByte(r.headers['Authorization']!)),
      'ERR_SIGNATURE_INVALID',
      403,
    ],
    [
      'OAuth: Authorization missing',
      'payout',
      (r) => void delete r.headers['Authorization'],
      'ERR_OAUTH_HEADER_MALFORMED',
      400,
    ],
    [
      'OAuth: stale timestamp',
      'payout',
      () => undefined,
      'ERR_OAUTH_TIMESTAMP',
      403,
      { now: Math.floor(Date.now() / 1000) + 3600 },
    ],
    [
      'Accept excludes both formats',
      'sale',
      (r) => void (r.headers['Accept'] = 'application/json'),
      'ERR_NOT_ACCEPTABLE',
      406,
    ],
    [
      'Accept */* under accept: strict',
      'sale',
      (r) => void (r.headers['Accept'] = '*/*'),
      'ERR_MEDIA_TYPE',
      400,
      { accept: 'strict' },
    ],
    [
      'Accept missing under accept: strict',
      'payout',
      (r) => void delete r.headers['Accept'],
      'ERR_MEDIA_TYPE',
      400,
      { accept: 'strict' },
    ],
    ['Content-Type wrong', 'sale', (r) => void (r.headers['Content-Type'] = 'application/json'), 'ERR_MEDIA_TYPE', 400],
    [
      'Content-Type charset not UTF-8',
      'sale',
      (r) => void (r.headers['Content-Type'] += '; charset=latin1'),
      'ERR_MEDIA_TYPE',
      400,
    ],
    ['method GET', 'sale', (r) => void (r.method = 'GET'), 'ERR_METHOD_NOT_ALLOWED', 405],
    ['unknown path', 'sale', (r) => void (r.url = r.url.replace('/sale/', '/refund/')), 'ERR_UNKNOWN_OPERATION', 404],
    [
      'path outside the base path',
      'sale',
      (r) => void (r.url = r.url.replace('/paynet/', '/other/')),
      'ERR_UNKNOWN_OPERATION',
      404,
    ],
    [
      'endpoint id not int64',
      'sale',
      (r) => void (r.url = r.url.replace('/1111', '/99999999999999999999')),
      'ERR_INVALID_INPUT',
      400,
    ],
    [
      'body too large',
      'sale',
      (r) => void (r.body += '&pad=' + 'x'.repeat(2000)),
      'ERR_BODY_TOO_LARGE',
      413,
      { maxBodyBytes: 1024 },
    ],
    ['malformed escape', 'sale', (r) => void (r.body += '&x=%zz'), 'ERR_ENCODING', 400],
    [
      'rule: amount on void',
      'void',
      (r) => void (r.body = 'amount=1.00&currency=EUR&' + r.body),
      'ERR_INVALID_INPUT',
      400,
    ],
    [
      'rule: wrong 3DS spelling',
      'upload-cres-result',
      (r) => void (r.body = r.body.replace('client-order-id', 'client_orderid')),
      'ERR_INVALID_INPUT',
      400,
    ],
    [
      'rule: threeDSCompInd',
      'upload-method-url-result',
      (r) => void (r.body = r.body.replace('threeDSCompInd=Y', 'threeDSCompInd=Q')),
      'ERR_INVALID_INPUT',
      400,
    ],
    ['unknown scheme without schemes option', 'payment-form', () => undefined, 'ERR_UNSUPPORTED', 400, { schemes: {} }],
  ];
  for (const [title, op, edit, code, status, opts] of cases) {
    it(title, async () => {
      const e = await tamper(op, edit, opts);
      expect(e.code).toBe(code);
      expect(httpStatusOf(e)).toBe(status);
      expect(e.message).not.toContain(CONTROL_KEY);
    });
  }

  it('accepts a UTF-8 charset and the untampered request', async () => {
    const s = await sign('sale', SAMPLES['sale']!.params);
    const ok = await verifyRequest(
      new Request(s.url, {
        method: 'POST',
        headers: { ...s.headers, 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: s.body,
      }),
      verifyOptions(),
    );
    expect(ok.params.find(([k]) => k === 'order_desc')?.[1]).toBe(SAMPLES['sale']!.params['order_desc']);
  });

  it('refuses a replayed OAuth request with the same nonce store', async () => {
    const s = await sign('payout', SAMPLES['payout']!.params);
    const opts = verifyOptions();
    await verifyRequest(s.toRequest(), opts);
    const e = await codeOf(verifyRequest(s.toRequest(), opts));
    expect(e.code).toBe('ERR_OAUTH_NONCE_REPLAYED');
    expect(httpStatusOf(e)).toBe(403);
  });

  it('refuses an RSA-signed request to an HMAC-SHA1 operation', async () => {
    const s = await sign('payout', SAMPLES['payout']!.params, { scheme: 'RSA-SHA256' });
    const e = await codeOf(verifyRequest(s.toRequest(), verifyOptions()));
    expect(e.code).toBe('ERR_OAUTH_METHOD_NOT_ALLOWED');
  });

  it('refuses an unknown consumer', async () => {
    const s = await sign('payout', SAMPLES['payout']!.params, { credentials: { ...CREDS, login: 'stranger' } });
    const e = await codeOf(verifyRequest(s.toRequest(), verifyOptions()));
    expect(e.code).toBe('ERR_OAUTH_UNKNOWN_CONSUMER');
    expect(httpStatusOf(e)).toBe(403);
  });

  it('a wrong method is ERR_METHOD_NOT_ALLOWED with the Allow value, before anything else is read', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const e = await codeOf(
        verifyRequest(new Request('https://gate.example.com/nowhere', { method }), verifyOptions()),
      );
      expect(e).toBeInstanceOf(HttpMethodNotAllowedError);
      expect(e).toMatchObject({ code: 'ERR_METHOD_NOT_ALLOWED', allow: 'POST', field: 'method' });
      expect(httpStatusOf(e)).toBe(405);
    }
  });

  it('an unknown merchant on a control request is ERR_UNKNOWN_MERCHANT naming login, endpoint or group', async () => {
    const none = { credentials: () => undefined };
    const status = await sign('status', SAMPLES['status']!.params);
    const sale = await sign('sale', SAMPLES['sale']!.params);
    const group = await sign('sale', SAMPLES['sale']!.params, { endpointId: undefined, endpointGroupId: 77 });
    const expected: Array<[Request, string]> = [
      [status.toRequest(), 'login'],
      [sale.toRequest(), 'endpointId'],
      [group.toRequest(), 'endpointGroupId'],
    ];
    for (const [request, field] of expected) {
      const e = await codeOf(verifyRequest(request, verifyOptions(none)));
      expect(e).toBeInstanceOf(UnknownMerchantError);
      expect(e).toMatchObject({ code: 'ERR_UNKNOWN_MERCHANT', field });
      expect(httpStatusOf(e)).toBe(403);
    }
  });

  it('a declared Content-Length over the limit is ERR_BODY_TOO_LARGE before the body is read', async () => {
    const s = await sign('sale', SAMPLES['sale']!.params);
    const req = new Request(s.url, {
      method: 'POST',
      headers: { ...s.headers, 'Content-Length': '5000' },
      body: s.body,
    });
    const e = await codeOf(verifyRequest(req, verifyOptions({ maxBodyBytes: 1024 })));
    expect(e).toBeInstanceOf(BodyTooLargeError);
    expect(e).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', limit: 1024, field: 'body' });
    expect(req.bodyUsed).toBe(false);
  });
});

describe('typed parameters', () => {
  it('per operation, with free-form extras', async () => {
    expectTypeOf<OperationParamsMap['sale']>().toEqualTypeOf<SaleParams>();
    expectTypeOf<SaleParams['amount']>().toEqualTypeOf<string>();
    // Type-level checks (tsc fails if an expected error disappears); never called.
    const typeOnly = (): void => {
      void signRequest('sale', {
        baseUrl: BASE,
        endpointId: 1,
        credentials: CREDS,
        // @ts-expect-error sale needs email
        params: { client_orderid: 'a', amount: '1', currency: 'EUR' },
      });
      void signRequest('capture', {
        baseUrl: BASE,
        endpointId: 1,
        credentials: CREDS,
        // @ts-expect-error amount is a string, never a number
        params: { client_orderid: 'a', orderid: 'b', amount: 1 },
      });
      void signRequest('upload-method-url-result', {
        baseUrl: BASE,
        endpointId: 1,
        credentials: CREDS,
        // @ts-expect-error threeDSCompInd is Y, N or U
        params: { 'client-order-id': 'a', orderid: 'b', threeDSCompInd: 'X' },
      });
    };
    void typeOnly;
    const s = await signRequest('sale', {
      baseUrl: BASE,
      endpointId: 1,
      credentials: CREDS,
      params: {
        client_orderid: 'a',
        amount: '1.00',
        currency: 'EUR',
        email: 'e@x',
        custom_field: 'kept',
        unset: undefined,
      },
    });
    expect(decodeBody(s.body).map(([k]) => k)).toEqual([
      'client_orderid',
      'amount',
      'currency',
      'email',
      'custom_field',
      'control',
    ]);
  });

  it('verifies behind a proxy with the url option', async () => {
    const s = await sign('payout', SAMPLES['payout']!.params);
    const seen = new Request(s.url.replace('https://gate.example.com/paynet', 'http://10.0.0.5:8080'), {
      method: 'POST',
      headers: s.headers,
      body: s.body,
    });
    const e = await codeOf(verifyRequest(seen.clone(), verifyOptions({ basePath: '' })));
    expect(e.code).toBe('ERR_SIGNATURE_INVALID');
    const ok = await verifyRequest(seen, verifyOptions({ url: s.url }));
    expect(ok.operation.id).toBe('payout');
  });
});

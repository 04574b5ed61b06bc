// verifyRequest's argument checks, the text of each refusal, what the credentials callback is
// asked and what the result carries. Requests are built with signRequest; digests and the HMAC
// come from node:crypto where a test needs its own.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { signRequest, type SignOptions } from './sign.js';
import {
  type CredentialsQuery,
  type VerifyCredentials,
  type VerifyRequestOptions,
  verifyRequest,
  verifyRequestParts,
} from './verify.js';
import { refusal } from '../../test/helpers/refusal.js';

const LOGIN = 'merchantlogin';
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const BASE = 'https://gate.example.com/paynet';
const STATUS = { client_orderid: '902B4FF5' };
const SALE = { client_orderid: 'a', amount: '1.00', currency: 'EUR', email: 'e@example.com' };
const PAYOUT = { amount: '1.00', currency: 'EUR' };
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

function sign(op: string, params: Record<string, string>, extra: Partial<SignOptions> = {}) {
  return signRequest(op, {
    baseUrl: BASE,
    endpointId: 1111,
    params,
    credentials: { login: LOGIN, controlKey: KEY },
    ...extra,
  });
}

const known = (): VerifyCredentials => ({ controlKey: KEY });

function options(extra: Partial<VerifyRequestOptions> = {}): VerifyRequestOptions {
  return { basePath: '/paynet', credentials: known, nonceStore: new MemoryNonceStore(), ...extra };
}

/** A request with the headers verifyRequest needs, to a given URL with a given body. */
function post(url: string, body: string, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

describe('verifyRequest: options', () => {
  const credentialsFn = Object.assign(() => undefined, { credentials: known });
  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'options'],
    ['no credentials', {}],
    ['credentials not a function', { credentials: 'm1' }],
    ['a function', credentialsFn],
  ])('%s is ERR_CONFIGURATION on credentials, before the request is read', async (_what, opts) => {
    // GET would be refused as 405 next: the options come first.
    const request = new Request(`${BASE}/api/v2/status/1111`, { method: 'GET' });
    const e = await refusal(verifyRequest(request, opts as VerifyRequestOptions));
    expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'credentials' });
    expect(e.message).toBe('verifyRequest needs options with a credentials function');
  });
  it('an accept option other than negotiate or strict is refused, never read as negotiate', async () => {
    const signed = await sign('status', STATUS);
    const e = await refusal(verifyRequest(signed.toRequest(), options({ accept: 'Strict' as never })));
    expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'accept' });
    expect((await verifyRequest(signed.toRequest(), options({ accept: 'negotiate' }))).operation.id).toBe('status');
  });
});

describe('verifyRequest: method and path refusals', () => {
  it('a wrong method is quoted, at most 20 characters of it', async () => {
    const get = await refusal(verifyRequest(new Request(`${BASE}/api/v2/status/1111`), options()));
    expect(get.message).toBe('method must be POST, got "GET"');
    const long = 'M'.repeat(20) + 'TAIL';
    const parts = { method: long, url: `${BASE}/api/v2/status/1111`, header: () => null, readBody: async () => '' };
    const e = await refusal(verifyRequestParts(parts, options()));
    expect(e).toMatchObject({ code: 'ERR_METHOD_NOT_ALLOWED', allow: 'POST' });
    expect(e.message).toBe(`method must be POST, got "${'M'.repeat(20)}"`);
  });

  it('an unknown path is ERR_UNKNOWN_OPERATION on path, quoting at most 200 characters', async () => {
    const e = await refusal(verifyRequest(post(`${BASE}/api/v2/refund/1111`, ''), options()));
    expect(e).toMatchObject({ code: 'ERR_UNKNOWN_OPERATION', field: 'path' });
    expect(e.message).toBe('no operation at path "/paynet/api/v2/refund/1111"');
    const path = '/' + 'p'.repeat(199) + 'TAIL';
    const long = await refusal(verifyRequest(post(`https://gate.example.com${path}`, ''), options()));
    expect(long.message).toBe(`no operation at path "${path.slice(0, 200)}"`);
  });

  it('an id in the path that is not an int64 is refused under the name of its place', async () => {
    const id = await refusal(verifyRequest(post(`${BASE}/api/v2/status/12a`, ''), options()));
    expect(id).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'endpointId' });
    const group = await refusal(verifyRequest(post(`${BASE}/api/v2/status/group/12a`, ''), options()));
    expect(group).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'endpointGroupId' });
  });
});

describe('verifyRequest: control requests', () => {
  it('a missing control is named, with the operation', async () => {
    const body = `login=${LOGIN}&client_orderid=902B4FF5`;
    const e = await refusal(verifyRequest(post(`${BASE}/api/v2/status/1111`, body), options()));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'control' });
    expect(e.message).toBe('operation "status" needs the field "control"');
  });

  it('a formula with a login term needs login in the body', async () => {
    const body = `client_orderid=902B4FF5&control=${sha1(`902B4FF5${KEY}`)}`;
    const e = await refusal(verifyRequest(post(`${BASE}/api/v2/status/1111`, body), options()));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'login' });
    expect(e.message).toBe('operation "status" (control formula C-S) needs the field "login"');
  });

  it('asks the credentials callback with login only when the formula has one', async () => {
    const asked: CredentialsQuery[] = [];
    const credentials = (who: CredentialsQuery) => {
      asked.push(who);
      return { controlKey: KEY };
    };
    const sale = await verifyRequest((await sign('sale', SALE)).toRequest(), options({ credentials }));
    const status = await verifyRequest((await sign('status', STATUS)).toRequest(), options({ credentials }));
    expect(Object.keys(asked[0]!).sort()).toEqual(['endpointId', 'operation']);
    expect(asked[1]).toMatchObject({ login: LOGIN, endpointId: '1111' });
    // The result carries login exactly when it was read.
    expect(Object.keys(sale)).not.toContain('login');
    expect(status.login).toBe(LOGIN);
  });

  it.each<[string, VerifyCredentials | undefined]>([
    ['an empty control key', { controlKey: '' }],
    ['no control key', {}],
    ['no merchant', undefined],
  ])('%s is ERR_UNKNOWN_MERCHANT, naming what identified the merchant', async (_what, creds) => {
    const s = await sign('status', STATUS);
    const e = await refusal(verifyRequest(s.toRequest(), options({ credentials: () => creds })));
    expect(e).toMatchObject({ code: 'ERR_UNKNOWN_MERCHANT', field: 'login' });
    expect(e.message).toBe('no control key for this merchant (unknown login)');
  });

  it("an exponent function reads the request's currency", async () => {
    const exponent = (currency: string) => (currency === 'JPY' ? 0 : 2);
    const params = { client_orderid: 'a', amount: '100', currency: 'JPY', email: 'e@example.com' };
    const s = await sign('sale', params, { exponent });
    // C-B with no minor unit: endpointId + client_orderid + 100 + email + key.
    expect(s.control).toBe(sha1(`1111a100e@example.com${KEY}`));
    const v = await verifyRequest(s.toRequest(), options({ exponent }));
    expect(v.operation.id).toBe('sale');
  });
});

describe('verifyRequest: OAuth requests', () => {
  it('a missing Authorization header is named, with the operation', async () => {
    const s = await sign('payout', PAYOUT);
    const headers = { ...s.headers };
    delete headers['Authorization'];
    const e = await refusal(verifyRequest(new Request(s.url, { method: 'POST', headers, body: s.body }), options()));
    expect(e).toMatchObject({ code: 'ERR_OAUTH_HEADER_MALFORMED', field: 'Authorization' });
    expect(e.message).toBe('operation "payout" needs an OAuth Authorization header');
  });

  it.each([undefined, null])('credentials answering %s is ERR_OAUTH_UNKNOWN_CONSUMER', async (answer) => {
    const s = await sign('payout', PAYOUT);
    const credentials = () => answer as unknown as VerifyCredentials;
    const e = await refusal(verifyRequest(s.toRequest(), options({ credentials })));
    expect(e.code).toBe('ERR_OAUTH_UNKNOWN_CONSUMER');
  });

  it('maxSkewSeconds widens the timestamp window', async () => {
    const now = 1_700_000_000;
    const s = await sign('payout', PAYOUT, { timestamp: now - 1000 });
    const late = await refusal(verifyRequest(s.toRequest(), options({ now })));
    expect(late.code).toBe('ERR_OAUTH_TIMESTAMP');
    // A store that remembers nonces only 300 s cannot serve a 1000 s window: the server's mistake.
    const narrow = await refusal(verifyRequest(s.toRequest(), options({ now, maxSkewSeconds: 1000 })));
    expect([narrow.code, narrow.field]).toEqual(['ERR_CONFIGURATION', 'maxSkewSeconds']);
    const nonceStore = new MemoryNonceStore({ windowSeconds: 1000 });
    const v = await verifyRequest(s.toRequest(), options({ now, maxSkewSeconds: 1000, nonceStore }));
    expect(v.consumerKey).toBe(LOGIN);
  });

  it('maxFutureSkewSeconds sets the future bound (default 30 s)', async () => {
    const now = 1_700_000_000;
    const s = await sign('payout', PAYOUT, { timestamp: now + 100 });
    const early = await refusal(verifyRequest(s.toRequest(), options({ now })));
    expect(early.message).toBe(
      'oauth_timestamp is 100 s in the future; at most 30 s is allowed (maxFutureSkewSeconds)',
    );
    const v = await verifyRequest(s.toRequest(), options({ now, maxFutureSkewSeconds: 100 }));
    expect(v.consumerKey).toBe(LOGIN);
  });
});

describe('verifyRequestParts: the method as a transport passes it', () => {
  /** A RequestReader over a signed request, with the method as the transport received it. */
  function reader(request: Request, method: string) {
    return {
      method,
      url: request.url,
      header: (name: string) => request.headers.get(name),
      readBody: () => request.text(),
    };
  }

  it.each(['POST', 'post', 'Post'])('method %j is POST, in any case', async (method) => {
    const s = await sign('status', STATUS);
    const v = await verifyRequestParts(reader(s.toRequest(), method), options());
    expect(v.operationId).toBe('status');
  });

  it('an empty method is ERR_METHOD_NOT_ALLOWED', async () => {
    const s = await sign('status', STATUS);
    const e = await refusal(verifyRequestParts(reader(s.toRequest(), ''), options()));
    expect(e).toMatchObject({ code: 'ERR_METHOD_NOT_ALLOWED', allow: 'POST' });
    expect(e.message).toBe('method must be POST, got ""');
  });
});

describe('verifyRequest: the result names the party that was read, and no other', () => {
  const tail = ['params', 'signedParams', 'responseFormat', 'fields', 'matchedKey'];

  it('a control request with a login term: login and endpointId', async () => {
    const v = await verifyRequest((await sign('status', STATUS)).toRequest(), options());
    expect(Object.keys(v)).toEqual(['operationId', 'operation', 'scheme', 'login', 'endpointId', ...tail]);
    expect([v.login, v.endpointId]).toEqual([LOGIN, '1111']);
    expect('consumerKey' in v).toBe(false);
    expect('endpointGroupId' in v).toBe(false);
  });

  it('a control request to an endpoint group: endpointGroupId and no endpointId', async () => {
    const s = await sign('status', STATUS, { endpointId: undefined, endpointGroupId: 77 });
    const v = await verifyRequest(s.toRequest(), options());
    expect(Object.keys(v)).toEqual(['operationId', 'operation', 'scheme', 'login', 'endpointGroupId', ...tail]);
    expect(v.endpointGroupId).toBe('77');
    expect('endpointId' in v).toBe(false);
  });

  it('a control request without a login term: the endpoint alone', async () => {
    const v = await verifyRequest((await sign('sale', SALE)).toRequest(), options());
    expect(Object.keys(v)).toEqual(['operationId', 'operation', 'scheme', 'endpointId', ...tail]);
  });

  it('an OAuth request: consumerKey and no login', async () => {
    const v = await verifyRequest((await sign('payout', PAYOUT)).toRequest(), options());
    expect(Object.keys(v)).toEqual(['operationId', 'operation', 'scheme', 'consumerKey', 'endpointId', ...tail]);
    expect(v.consumerKey).toBe(LOGIN);
    expect('login' in v).toBe(false);
  });
});

describe('verifyRequest: which credential a scheme reads', () => {
  const OTHER = 'NOT-THE-KEY-0000';

  it.each([
    ['status', STATUS, 'ERR_CONTROL_MISMATCH'],
    ['payout', PAYOUT, 'ERR_SIGNATURE_INVALID'],
  ])('%s: controlKey wins over the deprecated consumerSecret', async (op, params, mismatch) => {
    const s = await sign(op, params);
    const credentials = () => ({ controlKey: KEY, consumerSecret: OTHER });
    expect((await verifyRequest(s.toRequest(), options({ credentials }))).operationId).toBe(op);
    // consumerSecret is read only when controlKey is absent
    const old = () => ({ consumerSecret: KEY });
    expect((await verifyRequest(s.toRequest(), options({ credentials: old }))).operationId).toBe(op);
    const wrong = () => ({ controlKey: OTHER, consumerSecret: KEY });
    expect((await refusal(verifyRequest(s.toRequest(), options({ credentials: wrong })))).code).toBe(mismatch);
  });

  it('credentials given as a class instance are read as they are, getters on its prototype included', async () => {
    const pem = (name: string) => readFileSync(join(import.meta.dirname, '../../vectors/keys', name), 'utf8');
    class MerchantKeys {
      readonly #spki: string;
      constructor(spki: string) {
        this.#spki = spki;
      }
      get publicKey(): string {
        return this.#spki;
      }
    }
    const params = {
      client_orderid: 'A-17',
      credit_card_number: '4111111111111111',
      expire_month: '12',
      expire_year: '2030',
    };
    const s = await signRequest('create-card-ref-v4', {
      baseUrl: BASE,
      endpointId: 1111,
      params,
      credentials: { login: LOGIN, privateKey: pem('test-only-rsa-2048-pkcs8.pem') },
    });
    expect(s.scheme).toBe('RSA-SHA256');
    const credentials = () => new MerchantKeys(pem('test-only-rsa-2048-spki.pem'));
    const v = await verifyRequest(s.toRequest(), options({ credentials }));
    expect([v.operationId, v.consumerKey]).toEqual(['create-card-ref-v4', LOGIN]);
  });
});

// signRequest's argument checks and the login it adds or compares, each refusal checked by its
// code, field and message; digests from node:crypto.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest, type SignOptions } from './sign.js';
import { refusal } from '../../test/helpers/refusal.js';

const LOGIN = 'merchantlogin';
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const CREDS = { login: LOGIN, controlKey: KEY };
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

function sign(op: string, params: SignOptions['params'], extra: Partial<Record<keyof SignOptions, unknown>> = {}) {
  return signRequest(op, {
    baseUrl: 'https://gate.example.com/paynet',
    endpointId: 1111,
    params,
    credentials: CREDS,
    ...extra,
  } as SignOptions);
}

describe('signRequest: options, credentials and endpoint', () => {
  it.each([null, 'options', 42])('options %j is ERR_INVALID_INPUT on options', async (options) => {
    const e = await refusal(signRequest('status', options as never));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'options' });
    expect(e.message).toBe('signRequest options must be an object');
  });

  it.each([null, 'credentials', 42])('credentials %j is ERR_INVALID_INPUT on credentials', async (credentials) => {
    const e = await refusal(sign('status', { client_orderid: 'a' }, { credentials }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'credentials' });
    expect(e.message).toBe('"credentials" must be an object');
  });

  it('both ids name endpointGroupId, neither names endpointId', async () => {
    const both = await refusal(sign('status', { client_orderid: 'a' }, { endpointGroupId: 5 }));
    expect(both).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'endpointGroupId' });
    expect(both.message).toBe('give exactly one of "endpointId" and "endpointGroupId"');
    const neither = await refusal(sign('status', { client_orderid: 'a' }, { endpointId: undefined }));
    expect(neither).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'endpointId' });
  });

  it('a bad endpoint group id is refused under its own name', async () => {
    const e = await refusal(sign('status', { client_orderid: 'a' }, { endpointId: undefined, endpointGroupId: '7x' }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'endpointGroupId' });
    expect(e.message).toMatch(/^"endpointGroupId" must be/);
  });
});

describe('signRequest: baseUrl', () => {
  it.each<[unknown, string]>([
    [undefined, '"baseUrl" must be a string'],
    [42, '"baseUrl" must be a string'],
    ['https://h.example/p?x=1', '"baseUrl" must not carry a query or fragment'],
    ['https://h.example/p#f', '"baseUrl" must not carry a query or fragment'],
    ['/paynet', '"baseUrl" must be an absolute URL'],
    ['ftp://h.example/p', '"baseUrl" must be an http or https URL'],
    ['ws://h.example/p', '"baseUrl" must be an http or https URL'],
    ['https://user@h.example/p', '"baseUrl" must not carry user information'],
    ['https://:secret@h.example/p', '"baseUrl" must not carry user information'],
    ['https://user:secret@h.example/p', '"baseUrl" must not carry user information'],
  ])('%j is refused: %s', async (baseUrl, message) => {
    const e = await refusal(sign('status', { client_orderid: 'a' }, { baseUrl }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'baseUrl', message });
    expect(e.message).not.toContain('secret');
  });

  it.each([
    ['https://h.example', ''],
    ['https://h.example/', ''],
    ['https://h.example///', ''],
    ['https://h.example/paynet', '/paynet'],
    ['https://h.example/pay/net//', '/pay/net'],
  ])('a base address %j keeps its path without trailing slashes', async (baseUrl, prefix) => {
    const s = await sign('status', { client_orderid: 'a' }, { baseUrl });
    expect(s.url).toBe(`https://h.example${prefix}/api/v2/status/1111`);
  });

  it.each([
    ['https://h.example/api', '/api', 'https://h.example'],
    ['https://h.example/paynet/api/', '/api', 'https://h.example/paynet'],
    ['https://h.example/paynet/api/v2', '/api/v2', 'https://h.example/paynet'],
    ['https://h.example/paynet/api/v12//', '/api/v12', 'https://h.example/paynet'],
  ])('%j ends with %j, which paysig adds itself: refused on baseUrl', async (baseUrl, tail, without) => {
    const e = await refusal(sign('status', { client_orderid: 'a' }, { baseUrl }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'baseUrl' });
    expect(e.message).toBe(
      `"baseUrl" ends with ${tail}, which paysig adds itself (the request would go to ${tail}/api/v2/status/1111): pass the address without it, e.g. "${without}"`,
    );
  });

  it.each([
    ['https://h.example/api/paynet', '/api/paynet'],
    ['https://h.example/api/v2/paynet', '/api/v2/paynet'],
    ['https://h.example/apiary', '/apiary'],
    ['https://h.example/paynet/api/vx', '/paynet/api/vx'],
    ['https://h.example/paynet/api/v', '/paynet/api/v'],
  ])('a base address %j with /api elsewhere than at its end is kept', async (baseUrl, prefix) => {
    const s = await sign('status', { client_orderid: 'a' }, { baseUrl });
    expect(s.url).toBe(`https://h.example${prefix}/api/v2/status/1111`);
  });
});

describe('signRequest: params paysig computes', () => {
  it('control in params is refused', async () => {
    const e = await refusal(sign('status', { client_orderid: 'a', control: 'x' }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'control' });
    expect(e.message).toBe('"control" is computed by paysig: leave it out of params');
  });

  it('oauth_* params are refused on a control operation too; a name that only ends in oauth_ is not', async () => {
    const e = await refusal(sign('status', { client_orderid: 'a', oauth_nonce: 'n' }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'oauth_nonce' });
    expect(e.message).toBe('"oauth_nonce" is set by paysig: leave oauth_* parameters out of params');
    const ok = await sign('status', { client_orderid: 'a', x_oauth_: 'n' });
    expect(ok.params).toContainEqual(['x_oauth_', 'n']);
  });
});

describe('signRequest: control credentials and login', () => {
  it('a missing control key names the scheme and the credential', async () => {
    const e = await refusal(sign('status', { client_orderid: 'a' }, { credentials: { login: LOGIN } }));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'credentials.controlKey' });
    expect(e.message).toBe('the control key (scheme C-S) is required: credentials.controlKey is missing');
  });

  it.each(['', 42, null])('a control key %j is ERR_INVALID_INPUT', async (controlKey) => {
    const e = await refusal(sign('status', { client_orderid: 'a' }, { credentials: { login: LOGIN, controlKey } }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'credentials.controlKey' });
    expect(e.message).toBe('the control key (scheme C-S) must be a non-empty string');
  });

  it('a formula with a login term needs credentials.login', async () => {
    const e = await refusal(sign('status', { client_orderid: 'a' }, { credentials: { controlKey: KEY } }));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'credentials.login' });
    expect(e.message).toBe('the merchant login is required: credentials.login is missing');
  });

  it('params.login that differs is refused by message', async () => {
    const e = await refusal(sign('status', { login: 'other', client_orderid: 'a' }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'login' });
    expect(e.message).toBe('params.login differs from credentials.login');
  });

  it('an empty params.login is replaced by the credentials login, once, in front', async () => {
    const s = await sign('status', [
      ['client_orderid', 'a'],
      ['login', ''],
    ]);
    const digest = sha1(`${LOGIN}a${KEY}`);
    expect(s.params).toEqual([
      ['login', LOGIN],
      ['client_orderid', 'a'],
      ['control', digest],
    ]);
    expect(s.body).toBe(`login=${LOGIN}&client_orderid=a&control=${digest}`);
  });

  it('on a formula without login, a params.login must still be the merchant (trimmed), when the credentials name one', async () => {
    const sale = { client_orderid: 'a', amount: '1.00', currency: 'EUR', email: 'e@example.com' };
    const e = await refusal(sign('sale', { ...sale, login: 'other' }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'login' });
    expect(e.message).toBe('params.login differs from credentials.login');
    const same = await sign(
      'sale',
      { ...sale, login: LOGIN },
      { credentials: { login: ` ${LOGIN}\t`, controlKey: KEY } },
    );
    expect(same.control).toBe(sha1(`1111a100e@example.com${KEY}`));
    const noLogin = await sign('sale', { ...sale, login: 'other' }, { credentials: { controlKey: KEY } });
    expect(noLogin.params).toContainEqual(['login', 'other']);
  });

  it("an exponent function reads the request's currency", async () => {
    const exponent = (currency: string) => (currency === 'JPY' ? 0 : 2);
    const params = { client_orderid: 'a', amount: '100', currency: 'JPY', email: 'e@example.com' };
    const s = await sign('sale', params, { exponent });
    // C-B: endpointId + client_orderid + amount in minor units + email + key; JPY has none.
    expect(s.control).toBe(sha1(`1111a100e@example.com${KEY}`));
  });

  it('a control request has no oauth key, an OAuth request no control key', async () => {
    const control = await sign('status', { client_orderid: 'a' });
    expect(Object.keys(control)).not.toContain('oauth');
    const oauth = await sign('payout', { amount: '1.00', currency: 'EUR' });
    expect(Object.keys(oauth)).not.toContain('control');
    expect(Object.keys(oauth)).toContain('oauth');
  });
});

describe('signRequest: OAuth credentials and login', () => {
  it('a missing login names oauth_consumer_key', async () => {
    const e = await refusal(sign('payout', { amount: '1.00', currency: 'EUR' }, { credentials: { controlKey: KEY } }));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'credentials.login' });
    expect(e.message).toBe('the merchant login (oauth_consumer_key) is required: credentials.login is missing');
  });

  it('params.login must be the consumer key (trimmed)', async () => {
    const e = await refusal(sign('payout', { amount: '1.00', currency: 'EUR', login: 'other' }));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'login' });
    expect(e.message).toBe('params.login differs from credentials.login');
    const ok = await sign(
      'payout',
      { amount: '1.00', currency: 'EUR', login: LOGIN },
      {
        credentials: { login: ` ${LOGIN} `, controlKey: KEY },
      },
    );
    expect(ok.oauth?.oauthParams['oauth_consumer_key']).toBe(LOGIN);
  });

  it('HMAC-SHA1 needs the control key as its secret', async () => {
    const e = await refusal(sign('payout', { amount: '1.00', currency: 'EUR' }, { credentials: { login: LOGIN } }));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'credentials.controlKey' });
    expect(e.message).toBe('the control key (HMAC-SHA1 secret) is required: credentials.controlKey is missing');
  });

  it('RSA-SHA256 needs the private key', async () => {
    const e = await refusal(sign('payout-check', { amount: '1.00', currency: 'EUR' }));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'credentials.privateKey' });
    expect(e.message).toBe('the RSA private key is required for RSA-SHA256: credentials.privateKey is missing');
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const ok = await sign(
      'payout-check',
      { amount: '1.00', currency: 'EUR' },
      { credentials: { login: LOGIN, privateKey } },
    );
    expect(ok.oauth?.oauthParams['oauth_signature_method']).toBe('RSA-SHA256');
  });
});

// signOAuth's refusals of malformed input, one by one: the error class, its stable code, the
// field it names, and the whole message (an operator reads it). Also the edges that are accepted
// (timestamp 0, a nonce and a consumer key of exactly the maximum length).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type SignOAuthRequest, signOAuth } from './sign.js';

const BASE = {
  signatureMethod: 'HMAC-SHA1',
  consumerKey: 'ck',
  consumerSecret: 'cs',
  method: 'POST',
  url: 'https://api.example.com/p',
  params: [],
  timestamp: 1,
  nonce: 'n',
} as const;

async function refusal(overrides: Record<string, unknown>): Promise<{ code: string; field: unknown; message: string }> {
  try {
    await signOAuth({ ...BASE, ...overrides } as unknown as SignOAuthRequest);
  } catch (e) {
    const { code, field, message } = e as { code: string; field: unknown; message: string };
    return { code, field, message };
  }
  throw new Error('expected a refusal, none was thrown');
}

const CASES: Array<[string, Record<string, unknown>, string, string, string]> = [
  [
    'a timestamp in milliseconds (10^12, the first refused)',
    { timestamp: 1e12 },
    'ERR_INVALID_INPUT',
    'timestamp',
    '"timestamp" is in milliseconds (Date.now()): send seconds, Math.floor(Date.now() / 1000)',
  ],
  [
    'a timestamp in milliseconds, as text',
    { timestamp: '1764201600000' },
    'ERR_INVALID_INPUT',
    'timestamp',
    '"timestamp" is in milliseconds (Date.now()): send seconds, Math.floor(Date.now() / 1000)',
  ],
  [
    'a negative timestamp',
    { timestamp: -1 },
    'ERR_INVALID_INPUT',
    'timestamp',
    '"timestamp" must be a non-negative safe integer (seconds)',
  ],
  [
    'a fractional timestamp',
    { timestamp: 1.5 },
    'ERR_INVALID_INPUT',
    'timestamp',
    '"timestamp" must be a non-negative safe integer (seconds)',
  ],
  [
    'a timestamp of 16 digits',
    { timestamp: '1'.repeat(16) },
    'ERR_INVALID_INPUT',
    'timestamp',
    '"timestamp" must be 1 to 15 decimal digits (seconds)',
  ],
  [
    'a timestamp given as a boolean',
    { timestamp: true },
    'ERR_INVALID_INPUT',
    'timestamp',
    '"timestamp" must be 1 to 15 decimal digits (seconds)',
  ],
  [
    'an empty nonce',
    { nonce: '' },
    'ERR_INVALID_INPUT',
    'nonce',
    '"nonce" must be a non-empty string of at most 256 characters',
  ],
  [
    'a nonce of 257 characters',
    { nonce: 'n'.repeat(257) },
    'ERR_INVALID_INPUT',
    'nonce',
    '"nonce" must be a non-empty string of at most 256 characters',
  ],
  [
    'a nonce given as a number',
    { nonce: 12 },
    'ERR_INVALID_INPUT',
    'nonce',
    '"nonce" must be a non-empty string of at most 256 characters',
  ],
  [
    'an empty consumer key',
    { consumerKey: '' },
    'ERR_INVALID_INPUT',
    'consumerKey',
    '"consumerKey" must be a non-empty string of at most 1024 characters',
  ],
  [
    'a consumer key of 1025 characters',
    { consumerKey: 'k'.repeat(1025) },
    'ERR_INVALID_INPUT',
    'consumerKey',
    '"consumerKey" must be a non-empty string of at most 1024 characters',
  ],
  [
    'a consumer key given as a number',
    { consumerKey: 7 },
    'ERR_INVALID_INPUT',
    'consumerKey',
    '"consumerKey" must be a non-empty string of at most 1024 characters',
  ],
  ['a token given as a number', { token: 1 }, 'ERR_INVALID_INPUT', 'token', '"token" must be a string when given'],
  [
    'a token secret given as a number',
    { tokenSecret: 1 },
    'ERR_INVALID_INPUT',
    'tokenSecret',
    '"tokenSecret" must be a string when given',
  ],
  ['a realm given as a number', { realm: 1 }, 'ERR_INVALID_INPUT', 'realm', '"realm" must be a string when given'],
  [
    'no consumer secret for HMAC-SHA1',
    { consumerSecret: undefined },
    'ERR_INVALID_INPUT',
    'consumerSecret',
    '"consumerSecret" is required for HMAC-SHA1 (the merchant control key, non-empty)',
  ],
  [
    'no private key for RSA-SHA256',
    { signatureMethod: 'RSA-SHA256' },
    'ERR_INVALID_INPUT',
    'privateKey',
    '"privateKey" is required for RSA-SHA256 (PEM or CryptoKey)',
  ],
  [
    'a null private key for RSA-SHA256',
    { signatureMethod: 'RSA-SHA256', privateKey: null },
    'ERR_INVALID_INPUT',
    'privateKey',
    '"privateKey" is required for RSA-SHA256 (PEM or CryptoKey)',
  ],
  [
    'an unknown signature method',
    { signatureMethod: 'PLAINTEXT' },
    'ERR_UNSUPPORTED',
    'signatureMethod',
    '"signatureMethod" "PLAINTEXT" is not supported; use "HMAC-SHA1" or "RSA-SHA256"',
  ],
  [
    'params that are not an array',
    { params: { a: '1' } },
    'ERR_INVALID_INPUT',
    'params',
    '"params" must be an array of [name, value] pairs',
  ],
  [
    'an oauth_signature among the params',
    { params: [['oauth_signature', 'x']] },
    'ERR_INVALID_INPUT',
    'oauth_signature',
    '"params": "oauth_signature" must not be sent in the body',
  ],
];

describe('signOAuth refusals', () => {
  it.each(CASES)('refuses %s', async (_, overrides, code, field, message) => {
    expect(await refusal(overrides)).toEqual({ code, field, message });
  });

  it('refuses a request that is not an object, naming "request"', async () => {
    for (const bad of [null, 'x', 1]) {
      let err: { code?: string; field?: unknown; message?: string } = {};
      try {
        await signOAuth(bad as unknown as SignOAuthRequest);
      } catch (e) {
        err = e as typeof err;
      }
      expect({ code: err.code, field: err.field, message: err.message }).toEqual({
        code: 'ERR_INVALID_INPUT',
        field: 'request',
        message: '"request" must be an object',
      });
    }
  });
});

describe('signOAuth accepted edges', () => {
  it('signs with timestamp 0 and with a nonce and consumer key of the maximum length', async () => {
    const nonce = 'n'.repeat(256);
    const consumerKey = 'k'.repeat(1024);
    const result = await signOAuth({ ...BASE, timestamp: 0, nonce, consumerKey } as unknown as SignOAuthRequest);
    expect(result.oauthParams.oauth_timestamp).toBe('0');
    const expected = createHmac('sha1', 'cs&').update(result.baseString).digest('base64');
    expect(result.signature).toBe(expected);
    expect(result.baseString).toContain(`oauth_nonce%3D${nonce}`);
  });
  it('signs with timestamp 10^12 - 1, the last taken as seconds', async () => {
    const result = await signOAuth({ ...BASE, timestamp: 999_999_999_999 } as unknown as SignOAuthRequest);
    expect(result.oauthParams.oauth_timestamp).toBe('999999999999');
  });
});

// verifyOAuth's refusals in detail: the code, the field and a message that names what is wrong,
// for bad arguments, bad protocol parameters, credentials that allow no method, and nonce stores
// that fail. Signatures that must verify are computed here with node:crypto, not by paysig.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NonceStoreError } from '../../errors/index.js';
import { buildAuthorizationHeader } from './header.js';
import { MemoryNonceStore, type NonceStore } from '../../stores/memory/index.js';
import {
  verifyOAuth,
  type OAuthConsumerCredentials,
  type VerifyOAuthOptions,
  type VerifyOAuthRequest,
} from './verify.js';

const SECRET = 'B17F59B4-A7DC-41B4-8FF9-37D4E3E4C2F6';
const NOW = 1_700_000_000;
const URL_ = 'https://api.example.com/paynet/api/v2/payout/1234';
const PUBLIC = readFileSync(join(import.meta.dirname, '../../../vectors/keys/test-only-rsa-2048-spki.pem'), 'utf8');

/** RFC 3986 unreserved-only percent-encoding, from encodeURIComponent. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/**
 * A POST to URL_ with no body, signed with HMAC-SHA1 by node:crypto under `key` (the already
 * percent-encoded consumer secret followed by `&`). `over` replaces or (undefined) removes header
 * parameters after signing.
 */
function request(
  oauth: Record<string, string> = {},
  key = `${SECRET}&`,
  over: Record<string, string | undefined> = {},
): VerifyOAuthRequest {
  const p: Record<string, string | undefined> = {
    oauth_consumer_key: 'm1',
    oauth_nonce: 'n-1',
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(NOW),
    oauth_version: '1.0',
    ...oauth,
  };
  const pairs = Object.entries(p)
    .map(([n, v]) => `${enc(n)}=${enc(v!)}`)
    .sort();
  const base = `POST&${enc(URL_)}&${enc(pairs.join('&'))}`;
  p['oauth_signature'] = createHmac('sha1', key).update(base).digest('base64');
  Object.assign(p, over);
  const header = Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined);
  return { method: 'POST', url: URL_, params: [], authorization: buildAuthorizationHeader(header) };
}

function opts(extra: Partial<VerifyOAuthOptions> = {}): VerifyOAuthOptions {
  return { credentials: () => ({ consumerSecret: SECRET }), now: NOW, nonceStore: new MemoryNonceStore(), ...extra };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as Error & { code: string; field: string | undefined },
  );

describe('verifyOAuth checks its arguments', () => {
  it('accepts the request built here (so the refusals below are for the stated reason)', async () => {
    await expect(verifyOAuth(request(), opts())).resolves.toEqual({
      consumerKey: 'm1',
      signatureMethod: 'HMAC-SHA1',
      timestamp: NOW,
      nonce: 'n-1',
    });
  });

  it.each([null, undefined, 'POST', 42])('request %s -> ERR_INVALID_INPUT on "request"', async (bad) => {
    const e = await refusal(verifyOAuth(bad as unknown as VerifyOAuthRequest, opts()));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'request' });
    expect(e.message).toMatch(/request must be an object/);
  });

  it.each([null, undefined, 'options', {}, { credentials: 'm1' }])(
    'options %j -> ERR_CONFIGURATION on "credentials"',
    async (bad) => {
      const e = await refusal(verifyOAuth(request(), bad as unknown as VerifyOAuthOptions));
      expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'credentials' });
      expect(e.message).toMatch(/"options\.credentials" must be a function/);
    },
  );

  it.each([-1, -0.001, Number.NaN, Number.POSITIVE_INFINITY, '300'])(
    'maxSkewSeconds %s -> ERR_CONFIGURATION on "maxSkewSeconds"',
    async (bad) => {
      const e = await refusal(verifyOAuth(request(), opts({ maxSkewSeconds: bad as number })));
      expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'maxSkewSeconds' });
      expect(e.message).toMatch(/"maxSkewSeconds" must be a non-negative number/);
    },
  );

  it.each([-1, -0.001, Number.NaN, Number.POSITIVE_INFINITY, '30'])(
    'maxFutureSkewSeconds %s -> ERR_CONFIGURATION on "maxFutureSkewSeconds"',
    async (bad) => {
      const e = await refusal(verifyOAuth(request(), opts({ maxFutureSkewSeconds: bad as number })));
      expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'maxFutureSkewSeconds' });
      expect(e.message).toMatch(/"maxFutureSkewSeconds" must be a non-negative number/);
    },
  );

  it('maxSkewSeconds 0 accepts a timestamp equal to now and refuses one a second off', async () => {
    await expect(verifyOAuth(request(), opts({ maxSkewSeconds: 0 }))).resolves.toMatchObject({ timestamp: NOW });
    const late = request({ oauth_timestamp: String(NOW - 1) });
    await expect(verifyOAuth(late, opts({ maxSkewSeconds: 0 }))).rejects.toMatchObject({ code: 'ERR_OAUTH_TIMESTAMP' });
  });

  it.each([Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, String(NOW)])(
    'now %s -> ERR_CONFIGURATION on "now"',
    async (bad) => {
      const e = await refusal(verifyOAuth(request(), opts({ now: bad as number })));
      expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'now' });
      expect(e.message).toMatch(/"now" must be a finite number of seconds/);
    },
  );

  it.each([undefined, null, 'a=1', { length: 0 }])('params %j -> ERR_INVALID_INPUT on "params"', async (bad) => {
    const e = await refusal(verifyOAuth({ ...request(), params: bad as never }, opts()));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'params' });
    expect(e.message).toMatch(/"params" must be an array of \[name, value\] pairs/);
  });
});

describe('verifyOAuth names the protocol parameter it refuses', () => {
  it.each(['oauth_consumer_key', 'oauth_signature_method', 'oauth_signature', 'oauth_timestamp', 'oauth_nonce'])(
    'missing %s',
    async (name) => {
      const e = await refusal(verifyOAuth(request({}, `${SECRET}&`, { [name]: undefined }), opts()));
      expect(e).toMatchObject({ code: 'ERR_OAUTH_PARAMETER', field: name });
      expect(e.message).toBe(`missing required OAuth parameter "${name}"`);
    },
  );

  it.each([
    ['oauth_timestamp', { oauth_timestamp: '17e8' }, /"oauth_timestamp" must be 1 to 15 decimal digits/],
    ['oauth_version', { oauth_version: '1.0a' }, /"oauth_version" must be "1\.0" when present/],
    ['oauth_signature', { oauth_signature: 'AAAA=' }, /"oauth_signature" is not canonical padded Base64/],
  ] as const)('malformed %s', async (field, over, message) => {
    const e = await refusal(verifyOAuth(request({}, `${SECRET}&`, over), opts()));
    expect(e).toMatchObject({ code: 'ERR_OAUTH_PARAMETER', field });
    expect(e.message).toMatch(message);
  });

  it('an unknown signature method is ERR_UNSUPPORTED naming the method', async () => {
    const e = await refusal(verifyOAuth(request({}, `${SECRET}&`, { oauth_signature_method: 'PLAINTEXT' }), opts()));
    expect(e).toMatchObject({ code: 'ERR_UNSUPPORTED', field: 'oauth_signature_method' });
    expect(e.message).toBe('oauth_signature_method "PLAINTEXT" is not supported');
  });

  it('an oauth_signature in the body is refused naming it and the rule', async () => {
    const r = request();
    const e = await refusal(verifyOAuth({ ...r, params: [['oauth_signature', 'AAAA']] }, opts()));
    expect(e).toMatchObject({ code: 'ERR_OAUTH_PARAMETER', field: 'oauth_signature' });
    expect(e.message).toBe('"oauth_signature" must not be sent in the body');
  });

  it.each([
    // now is fractional: the distance is rounded to whole seconds, and says which way it is off.
    [NOW - 301, 'oauth_timestamp is 301 s in the past; at most 300 s is allowed'],
    [NOW + 32, 'oauth_timestamp is 32 s in the future; at most 30 s is allowed (maxFutureSkewSeconds)'],
  ])('timestamp %i against now + 0.4 s', async (timestamp, message) => {
    const e = await refusal(verifyOAuth(request({ oauth_timestamp: String(timestamp) }), opts({ now: NOW + 0.4 })));
    expect(e).toMatchObject({ code: 'ERR_OAUTH_TIMESTAMP', field: 'oauth_timestamp' });
    expect(e.message).toBe(message);
  });
});

describe('verifyOAuth and the consumer credentials', () => {
  const withCreds = (creds: unknown) => opts({ credentials: () => creds as OAuthConsumerCredentials });

  it.each([undefined, null])('credentials answering %s -> ERR_OAUTH_UNKNOWN_CONSUMER', async (creds) => {
    await expect(verifyOAuth(request(), withCreds(creds))).rejects.toMatchObject({
      code: 'ERR_OAUTH_UNKNOWN_CONSUMER',
      field: 'oauth_consumer_key',
    });
  });

  it('an empty consumer secret allows no HMAC-SHA1, even for a request signed with the key "&"', async () => {
    const signedWithEmptySecret = request({}, '&');
    const e = await refusal(verifyOAuth(signedWithEmptySecret, withCreds({ consumerSecret: '' })));
    expect(e).toMatchObject({ code: 'ERR_OAUTH_METHOD_NOT_ALLOWED', field: 'oauth_signature_method' });
    expect(e.message).toMatch(/HMAC-SHA1 is not allowed for this consumer \(no control key\)/);
  });

  it.each([{}, { publicKey: undefined }, { publicKey: null }, { consumerSecret: SECRET, publicKey: null }])(
    'RSA-SHA256 for credentials %j -> ERR_OAUTH_METHOD_NOT_ALLOWED',
    async (creds) => {
      const rsa = request({ oauth_signature_method: 'RSA-SHA256' }, `${SECRET}&`, { oauth_signature: 'AAAA' });
      const e = await refusal(verifyOAuth(rsa, withCreds(creds)));
      expect(e).toMatchObject({ code: 'ERR_OAUTH_METHOD_NOT_ALLOWED', field: 'oauth_signature_method' });
      expect(e.message).toMatch(/RSA-SHA256 is not allowed for this consumer \(no public key\)/);
    },
  );
});

describe('verifyOAuth and RSA-SHA256 signatures of the wrong length', () => {
  it.each(['AAAA', 'AA==', 'A'.repeat(344)])('oauth_signature %s -> ERR_SIGNATURE_INVALID', async (sig) => {
    const rsa = request({ oauth_signature_method: 'RSA-SHA256' }, `${SECRET}&`, { oauth_signature: sig });
    await expect(verifyOAuth(rsa, opts({ credentials: () => ({ publicKey: PUBLIC }) }))).rejects.toMatchObject({
      code: 'ERR_SIGNATURE_INVALID',
      field: 'oauth_signature',
    });
  });
});

describe('verifyOAuth and a failing nonce store (fail closed)', () => {
  const store = (check: NonceStore['check']): VerifyOAuthOptions => opts({ nonceStore: { check } });

  it('a thrown error is wrapped in ERR_NONCE_STORE with the error as its cause', async () => {
    const down = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    const e = await refusal(
      verifyOAuth(
        request(),
        store(() => Promise.reject(down)),
      ),
    );
    expect(e).toBeInstanceOf(NonceStoreError);
    expect(e.message).toBe('nonce store failed; request refused');
    expect(e.cause).toBe(down);
  });

  it('a NonceStoreError from the store passes through unchanged', async () => {
    const own = new NonceStoreError('redis answered an unexpected reply');
    await expect(
      verifyOAuth(
        request(),
        store(() => Promise.reject(own)),
      ),
    ).rejects.toBe(own);
  });

  it.each([undefined, null, 1, 'true'])('an answer of %j is ERR_NONCE_STORE', async (answer) => {
    const e = await refusal(
      verifyOAuth(
        request(),
        store(() => Promise.resolve(answer as unknown as boolean)),
      ),
    );
    expect(e).toMatchObject({ code: 'ERR_NONCE_STORE' });
    expect(e.message).toBe('nonce store answered neither true nor false; request refused');
  });
});

describe('verifyOAuth names what is wrong with its nonce store', () => {
  const config = (e: Error & { code: string; field: string | undefined }, field: string) => {
    expect(e.code).toBe('ERR_CONFIGURATION');
    expect(e.field).toBe(field);
    return e.message;
  };

  it.each([undefined, null])('nonceStore %s: "no nonceStore", with what to pass', async (nonceStore) => {
    const e = await refusal(verifyOAuth(request(), opts({ nonceStore: nonceStore as unknown as NonceStore })));
    expect(config(e, 'nonceStore')).toMatch(/^no nonceStore: OAuth verification needs one to refuse replays \(/);
  });

  it.each([
    ['an object without check()', {}],
    ['a function with a check() method', Object.assign(() => true, { check: () => Promise.resolve(true) })],
  ])('nonceStore as %s: "must be an object with a check() method"', async (_name, nonceStore) => {
    const e = await refusal(verifyOAuth(request(), opts({ nonceStore: nonceStore as unknown as NonceStore })));
    expect(config(e, 'nonceStore')).toBe('"nonceStore" must be an object with a check() method (see NonceStore)');
  });

  it('a window shorter than maxSkewSeconds is refused, naming both; a window that is not a number is not read', async () => {
    const check = () => Promise.resolve(true);
    const short = await refusal(verifyOAuth(request(), opts({ nonceStore: { check, windowSeconds: 100 } })));
    expect(config(short, 'maxSkewSeconds')).toMatch(
      /^maxSkewSeconds 300 is larger than the nonce store's window \(100 s\): .*lower maxSkewSeconds or widen/,
    );
    // A store's windowSeconds is read only when it is a number: "100" is not compared (300 > "100" would be).
    const text = { check, windowSeconds: '100' } as unknown as NonceStore;
    await expect(verifyOAuth(request(), opts({ nonceStore: text }))).resolves.toMatchObject({ consumerKey: 'm1' });
  });
});

describe('verifyOAuth: the message of a signature that does not verify', () => {
  const bad = (url: string, oauth: Record<string, string> = {}) => ({
    ...request(oauth, `${SECRET}&`, { oauth_signature: 'AAAA' }),
    url,
  });
  /** An https URL of exactly `n` characters. */
  const urlOf = (n: number) => {
    const head = 'https://api.example.com/paynet/api/v2/payout/1234?q=';
    return head + 'x'.repeat(n - head.length);
  };

  it('says which key HMAC-SHA1 uses, and which RSA-SHA256 uses', async () => {
    const hmac = await refusal(verifyOAuth(bad(URL_), opts()));
    expect(hmac.code).toBe('ERR_SIGNATURE_INVALID');
    expect(hmac.message).toContain('or with another key (HMAC-SHA1: the merchant control key, then "&");');
    const rsa = await refusal(
      verifyOAuth(
        bad(URL_, { oauth_signature_method: 'RSA-SHA256' }),
        opts({ credentials: () => ({ publicKey: PUBLIC }) }),
      ),
    );
    expect(rsa.code).toBe('ERR_SIGNATURE_INVALID');
    expect(rsa.message).toContain(
      'or with another key (RSA-SHA256: the private key of the public key registered here);',
    );
  });

  it('quotes a URL of up to 300 characters whole, and the first 300 of a longer one', async () => {
    const u300 = urlOf(300);
    const whole = await refusal(verifyOAuth(bad(u300), opts()));
    expect(whole.message).toContain(`for POST ${u300}: the client signed another URL`);
    const u301 = urlOf(301);
    const cut = await refusal(verifyOAuth(bad(u301), opts()));
    expect(cut.message).toContain(`for POST ${u301.slice(0, 300)}...: the client signed another URL`);
    expect(cut.message).not.toContain(u301);
  });

  it('leaves out only the userinfo in front of the host, not a URL with "@" in the query', async () => {
    const withUser = await refusal(verifyOAuth(bad('https://user:pw@api.example.com/p'), opts()));
    expect(withUser.message).toContain('for POST https://api.example.com/p: ');
    const query = 'https://api.example.com/p?next=http://user@example.org/';
    const kept = await refusal(verifyOAuth(bad(query), opts()));
    expect(kept.message).toContain(`for POST ${query}: `);
  });
});

describe('verifyOAuth names the credential that is malformed', () => {
  it('a "consumerId" that is not a non-empty string', async () => {
    const e = await refusal(
      verifyOAuth(request(), opts({ credentials: () => ({ consumerSecret: SECRET, consumerId: '' }) })),
    );
    expect(e.code).toBe('ERR_CONFIGURATION');
    expect(e.field).toBe('consumerId');
    expect(e.message).toBe('the credentials callback returned a "consumerId" that is not a non-empty string');
  });

  it.each([
    ['consumerSecret', { consumerSecret: [{ key: '' }] }],
    ['controlKey', { controlKey: [{ key: '' }] }],
  ])('a bad HMAC-SHA1 key list is ERR_CONFIGURATION naming %s', async (field, credentials) => {
    const e = await refusal(verifyOAuth(request(), opts({ credentials: () => credentials })));
    expect(e.code).toBe('ERR_CONFIGURATION');
    expect(e.field).toBe(field);
    expect(e.message).toBe(`"${field}" entry 0 must be { id?, key } with a non-empty key`);
  });

  it('a bad RSA-SHA256 key list is ERR_CONFIGURATION naming publicKey', async () => {
    const rsa = request({ oauth_signature_method: 'RSA-SHA256' }, `${SECRET}&`, { oauth_signature: 'AAAA' });
    const nullKey = { publicKey: [{ key: null }] } as unknown as OAuthConsumerCredentials;
    const e = await refusal(verifyOAuth(rsa, opts({ credentials: () => nullKey })));
    expect(e.code).toBe('ERR_CONFIGURATION');
    expect(e.field).toBe('publicKey');
    expect(e.message).toBe('"publicKey" entry 0 must be { id?, key } with a non-empty key');
  });
});

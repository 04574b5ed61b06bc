// Runs paysig's source over every golden vector in vectors/*.json. The expected values were
// computed by the generator with two oracles that are not paysig (node:crypto + a naive
// JavaScript reference, and Python stdlib/oauthlib/openssl); see vectors/README.md. Both vitest
// projects run this file, so every vector is checked on the WebCrypto and node:crypto backends.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { control, controlInput, verifyControl } from '../src/control/digest.js';
import type { ControlFields } from '../src/control/digest.js';
import type { Formula } from '../src/control/formulas.js';
import { backend } from '../src/crypto/index.js';
import { fromBase64, toBase64 } from '../src/encoding/base64.js';
import { formatForm, parseForm } from '../src/encoding/form.js';
import { percentDecode, percentEncode } from '../src/encoding/percent.js';
import { PaysigError } from '../src/errors.js';
import { importPrivateKey, importPublicKey } from '../src/keys/import.js';
import {
  MemoryNonceStore,
  parseAuthorizationHeader,
  signatureBaseString,
  signOAuth,
  verifyOAuth,
  type OAuthConsumerCredentials,
} from '../src/oauth/index.js';
import { verifyCallback } from '../src/operations/callback.js';
import { OPERATIONS } from '../src/operations/catalog.js';
import type { Scheme } from '../src/operations/fields.js';
import { signRequest as signOperation, type SignOptions } from '../src/operations/sign.js';
import { verifyRequest } from '../src/operations/verify.js';

const VECTORS = join(dirname(fileURLToPath(import.meta.url)), '..', 'vectors');
type Pairs = Array<[string, string]>;

interface Base {
  id: string;
  description: string;
  source: string;
  error?: string;
}

function load<T extends Base>(topic: string): T[] {
  const doc = JSON.parse(readFileSync(join(VECTORS, `${topic}.json`), 'utf8')) as { cases: T[] };
  return doc.cases;
}

function key(file: string): string {
  return readFileSync(join(VECTORS, 'keys', file), 'utf8');
}

/** Runs `fn` and checks it throws or rejects with a PaysigError of the given code. */
async function expectCode(fn: () => unknown, code: string | undefined): Promise<void> {
  let caught: unknown;
  try {
    await fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, 'expected a PaysigError').toBeInstanceOf(PaysigError);
  expect((caught as PaysigError).code).toBe(code);
}

/** Files this test covers; the others named here are owned and tested elsewhere. */
const TOPICS = ['percent-encoding', 'form', 'control', 'base-string', 'hmac-sha1', 'rsa-sha256', 'oauth-sign', 'oauth-verify-negative', 'operations', 'callbacks'];
const ELSEWHERE: string[] = ['keys-negative'];

describe('vectors: coverage', () => {
  it('every vectors/*.json file is run by this test or named as owned elsewhere', () => {
    const files = readdirSync(VECTORS).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
    for (const f of files) expect([...TOPICS, ...ELSEWHERE], `unknown vector file ${f}.json`).toContain(f);
    for (const t of TOPICS) expect(files).toContain(t);
  });
});

interface PercentCase extends Base {
  operation: 'encode' | 'decode';
  input: string;
  output?: string;
}

describe('vectors: percent-encoding', () => {
  for (const c of load<PercentCase>('percent-encoding')) {
    it(c.id, async () => {
      if (c.error !== undefined) {
        await expectCode(() => (c.operation === 'encode' ? percentEncode(c.input) : percentDecode(c.input)), c.error);
      } else if (c.operation === 'encode') {
        expect(percentEncode(c.input)).toBe(c.output);
        expect(percentDecode(c.output!)).toBe(c.input);
      } else {
        expect(percentDecode(c.input)).toBe(c.output);
      }
    });
  }
});

interface FormCase extends Base {
  operation: 'parse' | 'format';
  body?: string;
  pairs?: Pairs;
}

describe('vectors: form', () => {
  for (const c of load<FormCase>('form')) {
    it(c.id, async () => {
      if (c.error !== undefined) await expectCode(() => parseForm(c.body!), c.error);
      else if (c.operation === 'parse') expect(parseForm(c.body!)).toEqual(c.pairs);
      else expect(formatForm(c.pairs!)).toBe(c.body);
    });
  }
});

interface ControlCase extends Base {
  formula: Formula;
  fields: ControlFields;
  controlKey: string;
  exponent?: number;
  concatenation?: string;
  control?: string;
}

describe('vectors: control', () => {
  for (const c of load<ControlCase>('control')) {
    it(c.id, async () => {
      const options = c.exponent === undefined ? {} : { exponent: c.exponent };
      if (c.error !== undefined) {
        await expectCode(() => controlInput(c.formula, c.fields, options), c.error);
        await expectCode(() => control(c.formula, c.fields, c.controlKey, options), c.error);
        return;
      }
      expect(controlInput(c.formula, c.fields, options) + c.controlKey).toBe(c.concatenation);
      expect(await control(c.formula, c.fields, c.controlKey, options)).toBe(c.control);
      await expect(verifyControl(c.formula, c.fields, c.controlKey, c.control!.toUpperCase(), options)).resolves.toBeUndefined();
      const wrong = (c.control![0] === '0' ? '1' : '0') + c.control!.slice(1);
      await expectCode(() => verifyControl(c.formula, c.fields, c.controlKey, wrong, options), 'ERR_CONTROL_MISMATCH');
    });
  }
});

interface BaseStringCase extends Base {
  method: string;
  url: string;
  params: Pairs;
  normalizedParameters: string;
  baseString: string;
}

describe('vectors: base-string', () => {
  for (const c of load<BaseStringCase>('base-string')) {
    it(c.id, () => {
      const got = signatureBaseString({ method: c.method, url: c.url, params: c.params });
      expect(got).toBe(c.baseString);
      // the third part of the base string is the encoded parameter string
      expect(percentDecode(got.split('&')[2]!)).toBe(c.normalizedParameters);
    });
  }
});

interface HmacCase extends Base {
  baseString: string;
  consumerSecret: string;
  tokenSecret: string;
  key: string;
  signature: string;
}

describe('vectors: hmac-sha1', () => {
  for (const c of load<HmacCase>('hmac-sha1')) {
    it(c.id, async () => {
      const k = percentEncode(c.consumerSecret) + '&' + percentEncode(c.tokenSecret);
      expect(k).toBe(c.key);
      expect(toBase64(await backend().hmacSha1(k, c.baseString))).toBe(c.signature);
    });
  }
});

interface RsaCase extends Base {
  method: string;
  url: string;
  params: Pairs;
  consumerKey: string;
  nonce: string;
  timestamp: number | string;
  signatureMethod: 'RSA-SHA256';
  privateKeyFile: string;
  publicKeyFile: string;
  baseString?: string;
  signature?: string;
}

describe('vectors: rsa-sha256', () => {
  for (const c of load<RsaCase>('rsa-sha256')) {
    it(c.id, async () => {
      const request = {
        method: c.method,
        url: c.url,
        params: c.params,
        consumerKey: c.consumerKey,
        signatureMethod: c.signatureMethod,
        privateKey: key(c.privateKeyFile),
        nonce: c.nonce,
        timestamp: c.timestamp,
      };
      if (c.error !== undefined) {
        await expectCode(() => importPrivateKey(key(c.privateKeyFile)), c.error);
        await expectCode(() => signOAuth(request), c.error);
        return;
      }
      expect(c.signatureMethod).toBe('RSA-SHA256');
      // the oauth_* parameters the signer adds, written here from RFC 5849 3.4.1.3.1 (no token)
      const oauth: Pairs = [
        ['oauth_consumer_key', c.consumerKey],
        ['oauth_nonce', c.nonce],
        ['oauth_signature_method', 'RSA-SHA256'],
        ['oauth_timestamp', String(c.timestamp)],
        ['oauth_version', '1.0'],
      ];
      expect(signatureBaseString({ method: c.method, url: c.url, params: [...c.params, ...oauth] })).toBe(c.baseString);
      const got = await signOAuth(request);
      expect(got.baseString).toBe(c.baseString);
      expect(got.signature).toBe(c.signature);
      expect(got.oauthParams).toEqual({ ...Object.fromEntries(oauth), oauth_signature: c.signature });
      // the header verifies with the public key; the same header over another body does not
      const publicKey = key(c.publicKeyFile);
      const verify = (params: Pairs) =>
        verifyOAuth(
          { method: c.method, url: c.url, params, authorization: got.authorization },
          { credentials: () => ({ publicKey }), now: Number(c.timestamp), nonceStore: new MemoryNonceStore() },
        );
      await expect(verify(c.params)).resolves.toMatchObject({ consumerKey: c.consumerKey, signatureMethod: 'RSA-SHA256' });
      await expectCode(() => verify([...c.params, ['extra', '1']]), 'ERR_SIGNATURE_INVALID');
      // and the key alone, through the backend: the vector's signature verifies over the base string
      const pub = await importPublicKey(publicKey);
      const sig = fromBase64(c.signature!);
      expect(await backend().rsaSha256Verify(pub, sig, c.baseString!)).toBe(true);
      expect(await backend().rsaSha256Verify(pub, sig, c.baseString! + 'x')).toBe(false);
    });
  }
});

interface SignCase extends Base {
  method: string;
  url: string;
  params: Pairs;
  consumerKey: string;
  signatureMethod: 'HMAC-SHA1' | 'RSA-SHA256';
  consumerSecret?: string;
  token?: string;
  tokenSecret?: string;
  privateKeyFile?: string;
  nonce: string;
  timestamp: number | string;
  realm?: string;
  baseString?: string;
  signature?: string;
  oauthParams?: Record<string, string>;
  authorizationParams?: Record<string, string>;
  authorization?: string;
}

function signRequest(c: SignCase): Parameters<typeof signOAuth>[0] {
  return {
    method: c.method,
    url: c.url,
    params: c.params,
    consumerKey: c.consumerKey,
    signatureMethod: c.signatureMethod,
    nonce: c.nonce,
    timestamp: c.timestamp,
    ...(c.consumerSecret !== undefined ? { consumerSecret: c.consumerSecret } : {}),
    ...(c.token !== undefined ? { token: c.token } : {}),
    ...(c.tokenSecret !== undefined ? { tokenSecret: c.tokenSecret } : {}),
    ...(c.privateKeyFile !== undefined ? { privateKey: key(c.privateKeyFile) } : {}),
    ...(c.realm !== undefined ? { realm: c.realm } : {}),
  };
}

describe('vectors: oauth-sign', () => {
  for (const c of load<SignCase>('oauth-sign')) {
    it(c.id, async () => {
      if (c.error !== undefined) {
        await expectCode(() => signOAuth(signRequest(c)), c.error);
        return;
      }
      const got = await signOAuth(signRequest(c));
      expect(got.baseString).toBe(c.baseString);
      expect(got.signature).toBe(c.signature);
      expect(got.oauthParams).toEqual(c.oauthParams);
      expect(got.authorization).toBe(c.authorization);
      const { realm, ...params } = c.authorizationParams!;
      const parsed = parseAuthorizationHeader(got.authorization);
      expect(parsed.params).toEqual(params);
      expect(parsed.realm).toBe(realm);
    });
  }
});

interface VerifyCase extends Base {
  request: { method: string; url: string; params: Pairs; authorization: string };
  credentials: Record<string, { consumerSecret?: string; publicKeyFile?: string }>;
  now: number;
  maxSkewSeconds: number;
  result?: { consumerKey: string; signatureMethod: string; timestamp: number; nonce: string };
}

describe('vectors: oauth-verify-negative', () => {
  for (const c of load<VerifyCase>('oauth-verify-negative')) {
    it(c.id, async () => {
      const credentials = (consumerKey: string): OAuthConsumerCredentials | undefined => {
        const found = Object.hasOwn(c.credentials, consumerKey) ? c.credentials[consumerKey] : undefined;
        if (found === undefined) return undefined;
        return found.publicKeyFile !== undefined ? { publicKey: key(found.publicKeyFile) } : { consumerSecret: found.consumerSecret! };
      };
      const nonceStore = new MemoryNonceStore();
      const options = { credentials, now: c.now, maxSkewSeconds: c.maxSkewSeconds, nonceStore };
      if (c.error !== undefined) {
        await expectCode(() => verifyOAuth(c.request, options), c.error);
        return;
      }
      expect(await verifyOAuth(c.request, options)).toEqual(c.result);
      // the same request again is a replay
      await expectCode(() => verifyOAuth(c.request, options), 'ERR_OAUTH_NONCE_REPLAYED');
    });
  }
});

/** Lowercase hex SHA-1 by node:crypto: checks each vector's concatenation against its digest. */
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

interface OperationCase extends Base {
  operation: string;
  baseUrl: string;
  endpointId?: string;
  endpointGroupId?: string;
  scheme?: Scheme;
  params: Pairs;
  credentials: { login: string; controlKey?: string; privateKeyFile?: string; publicKeyFile?: string };
  nonce?: string;
  timestamp?: number;
  realm?: string;
  exponent?: number;
  repeatOAuthInBody?: boolean;
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  body?: string;
  signedWith?: string;
  concatenation?: string;
  control?: string;
  baseString?: string;
  signature?: string;
}

function signOptions(c: OperationCase): SignOptions {
  const { login, controlKey, privateKeyFile } = c.credentials;
  return {
    baseUrl: c.baseUrl,
    params: c.params,
    credentials: { login, ...(controlKey !== undefined ? { controlKey } : {}), ...(privateKeyFile !== undefined ? { privateKey: key(privateKeyFile) } : {}) },
    ...(c.endpointId !== undefined ? { endpointId: c.endpointId } : {}),
    ...(c.endpointGroupId !== undefined ? { endpointGroupId: c.endpointGroupId } : {}),
    ...(c.scheme !== undefined ? { scheme: c.scheme } : {}),
    ...(c.nonce !== undefined ? { nonce: c.nonce } : {}),
    ...(c.timestamp !== undefined ? { timestamp: c.timestamp } : {}),
    ...(c.realm !== undefined ? { realm: c.realm } : {}),
    ...(c.exponent !== undefined ? { exponent: c.exponent } : {}),
    ...(c.repeatOAuthInBody !== undefined ? { repeatOAuthInBody: c.repeatOAuthInBody } : {}),
  };
}

/** verifyRequest over a request, with the case's secrets, clock and scheme. */
function verifyOperation(c: OperationCase, request: Request, nonceStore = new MemoryNonceStore()) {
  const basePath = new URL(c.baseUrl).pathname.replace(/\/+$/, '');
  const { controlKey, publicKeyFile } = c.credentials;
  return verifyRequest(request, {
    basePath,
    nonceStore,
    credentials: () => ({ ...(controlKey !== undefined ? { controlKey } : {}), ...(publicKeyFile !== undefined ? { publicKey: key(publicKeyFile) } : {}) }),
    ...(c.timestamp !== undefined ? { now: c.timestamp } : {}),
    ...(c.scheme !== undefined ? { schemes: { [c.operation]: c.scheme } } : {}),
    ...(c.exponent !== undefined ? { exponent: c.exponent } : {}),
  });
}

describe('vectors: operations', () => {
  const cases = load<OperationCase>('operations');

  it('every row of the catalog has a positive case', () => {
    for (const op of OPERATIONS) expect(cases.some((c) => c.operation === op.id && c.error === undefined), op.id).toBe(true);
  });

  for (const c of cases) {
    it(c.id, async () => {
      if (c.error !== undefined) {
        await expectCode(() => signOperation(c.operation, signOptions(c)), c.error);
        return;
      }
      const signed = await signOperation(c.operation, signOptions(c));
      expect(signed.method).toBe(c.method);
      expect(signed.url).toBe(c.url);
      expect({ ...signed.headers }).toEqual(c.headers);
      expect(signed.body).toBe(c.body);
      expect(signed.scheme).toBe(c.signedWith);
      if (c.control !== undefined) {
        expect(sha1(c.concatenation!)).toBe(c.control);
        expect(signed.control).toBe(c.control);
      } else {
        expect(signed.oauth?.baseString).toBe(c.baseString);
        expect(signed.oauth?.signature).toBe(c.signature);
      }
      // paysig's verifier accepts what its signer sent, and the golden request as written
      const fromSigner = await verifyOperation(c, signed.toRequest());
      expect(fromSigner.operation.id).toBe(c.operation);
      const golden = new Request(c.url!, { method: c.method!, headers: c.headers!, body: c.body! });
      const store = new MemoryNonceStore();
      const fromVector = await verifyOperation(c, golden, store);
      expect(fromVector.scheme).toBe(c.signedWith);
      expect(fromVector.params).toEqual(parseForm(c.body!));
      if (c.signature !== undefined) {
        const again = new Request(c.url!, { method: c.method!, headers: c.headers!, body: c.body! });
        await expectCode(() => verifyOperation(c, again, store), 'ERR_OAUTH_NONCE_REPLAYED');
      }
    });
  }
});

interface CallbackCase extends Base {
  kind: 'callback' | 'redirect';
  query: string;
  controlKey: string;
  concatenation?: string;
  control?: string;
  result?: Record<string, unknown>;
}

describe('vectors: callbacks', () => {
  for (const c of load<CallbackCase>('callbacks')) {
    it(c.id, async () => {
      if (c.error !== undefined) {
        await expectCode(() => verifyCallback(c.query, c.controlKey), c.error);
        await expectCode(() => verifyCallback('?' + c.query, c.controlKey), c.error);
        return;
      }
      expect(sha1(c.concatenation!)).toBe(c.control);
      const got = await verifyCallback(c.query, c.controlKey);
      expect({ ...got, params: { ...got.params } }).toEqual(c.result);
      const viaUrl = await verifyCallback(new URL('https://merchant.example.com/cb?' + c.query), c.controlKey);
      expect({ ...viaUrl, params: { ...viaUrl.params } }).toEqual(c.result);
      // the sender's side: paysig's digest over the received fields, with the formula of the kind
      const fields = { status: got.status, orderid: got.orderid, client_orderid: got.client_orderid };
      const formula = c.kind === 'redirect' ? 'REDIRECT' : 'CALLBACK';
      expect(controlInput(formula, fields) + c.controlKey).toBe(c.concatenation);
      expect(await control(formula, fields, c.controlKey)).toBe(c.control);
      await expectCode(() => verifyCallback(c.query, c.controlKey + 'x'), 'ERR_CONTROL_MISMATCH');
    });
  }
});

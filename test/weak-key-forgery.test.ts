// Red-team finding (issue 12, point 1): with a public exponent of 1, the RSA "signature" of a
// base string is its EMSA-PKCS1-v1_5 padded SHA-256 digest, which anyone can compute. The key
// and the forged signature are built here with node:crypto and a DER writer of the test's own;
// node:crypto itself accepts the forgery, so only paysig's key rules stand in the way.
import { createPublicKey, verify as nodeVerify, webcrypto } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCaches } from './helpers/caches.js';
import { PaysigError } from '../src/errors/index.js';
import { buildAuthorizationHeader, parseAuthorizationHeader } from '../src/schemes/oauth/header.js';
import { MemoryNonceStore } from '../src/stores/memory/index.js';
import { signOAuth } from '../src/schemes/oauth/sign.js';
import { verifyOAuth } from '../src/schemes/oauth/verify.js';
import { signRequest } from '../src/request/sign.js';
import { verifyRequest } from '../src/request/verify.js';
import { findOperation } from '../src/catalog/lookup.js';
import { emsaPkcs1Sha256, int, keyFile, modulusOf, pem, pkcs1Public, spkiOf } from './helpers/rsa-der.js';

vi.mock('../src/cache/promise.js', async (original) => (await import('./helpers/caches.js')).cacheMock(original));

const NOW = 1_700_000_000;
const N = modulusOf('test-only-rsa-2048-spki.pem');
const E1_PKCS1 = pkcs1Public(int(N), int(1));
const E1_SPKI = spkiOf(E1_PKCS1);
const E1_PEMS = [pem('PUBLIC KEY', E1_SPKI), pem('RSA PUBLIC KEY', E1_PKCS1)];
const REAL_PRIVATE = keyFile('test-only-rsa-2048-pkcs8.pem');

beforeEach(() => resetCaches());

/** Replaces the header's oauth_signature with the padded digest of the request's base string. */
function forge(authorization: string, baseString: string): string {
  const forged = emsaPkcs1Sha256(baseString, N.length);
  // The forgery is real: node:crypto verifies it with the e = 1 key.
  const key = createPublicKey({ key: E1_SPKI, format: 'der', type: 'spki' });
  expect(nodeVerify('sha256', Buffer.from(baseString, 'utf8'), key, forged)).toBe(true);
  const { params, realm } = parseAuthorizationHeader(authorization);
  const pairs = Object.entries({ ...params, oauth_signature: forged.toString('base64') });
  return buildAuthorizationHeader(pairs, realm);
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return (e as PaysigError).code;
  }
}

async function e1CryptoKey(): Promise<CryptoKey> {
  const alg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  return (await webcrypto.subtle.importKey('spki', E1_SPKI, alg, false, ['verify'])) as CryptoKey;
}

describe('a signature forged for an e = 1 key is refused', () => {
  it('verifyOAuth: PEM (SPKI and PKCS#1) and a non-extractable CryptoKey', async () => {
    const url = 'https://api.example.com/paynet/api/v4/transfer/1234';
    const params: Array<[string, string]> = [
      ['client_orderid', '902B4FF5'],
      ['amount', '10.42'],
    ];
    const signed = await signOAuth({
      method: 'POST',
      url,
      params,
      consumerKey: 'victim',
      signatureMethod: 'RSA-SHA256',
      privateKey: REAL_PRIVATE,
      nonce: 'n-1',
      timestamp: NOW,
    });
    const authorization = forge(signed.authorization, signed.baseString);
    for (const publicKey of [...E1_PEMS, await e1CryptoKey()]) {
      const got = await codeOf(
        verifyOAuth(
          { method: 'POST', url, params, authorization },
          { credentials: () => ({ publicKey }), now: NOW, nonceStore: new MemoryNonceStore() },
        ),
      );
      expect(got, typeof publicKey).toBe('ERR_KEY_EXPONENT');
    }
  });

  it('verifyRequest (through the credentials callback)', async () => {
    const signed = await signRequest('transfer-v4', {
      baseUrl: 'https://gate.example.com/paynet/',
      endpointId: 1111,
      params: findOperation('transfer-v4').sample.params,
      credentials: { login: 'merchantlogin', privateKey: REAL_PRIVATE },
    });
    const headers = {
      ...signed.headers,
      Authorization: forge(signed.headers['Authorization']!, signed.oauth!.baseString),
    };
    for (const publicKey of [...E1_PEMS, await e1CryptoKey()]) {
      const request = new Request(signed.url, { method: 'POST', headers, body: signed.body });
      const got = await codeOf(
        verifyRequest(request, {
          basePath: '/paynet',
          credentials: () => ({ publicKey }),
          nonceStore: new MemoryNonceStore(),
        }),
      );
      expect(got, typeof publicKey).toBe('ERR_KEY_EXPONENT');
    }
  });
});

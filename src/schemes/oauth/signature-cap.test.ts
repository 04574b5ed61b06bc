// The oauth_signature length cap follows the largest modulus accepted (8192 bits): a real
// 8192-bit signature verifies, one character more is refused before any lookup or crypto, and
// the Authorization header cap leaves room for the largest signature fully percent-encoded.
import { sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyFile } from '../../../test/helpers/rsa-der.js';
import * as backend from '#crypto';
import { MAX_RSA_BITS } from '../../keys/rules.js';
import { buildAuthorizationHeader, MAX_HEADER_LENGTH, parseAuthorizationHeader } from './header.js';
import { MAX_CONSUMER_KEY_LENGTH, MAX_NONCE_LENGTH, MAX_SIGNATURE_LENGTH } from './protocol.js';
import { MemoryNonceStore } from '../../stores/memory/index.js';
import { signOAuth } from './sign.js';
import { verifyOAuth } from './verify.js';

const PRIVATE_8192 = keyFile('test-only-rsa-8192-pkcs8.pem');
const PUBLIC_8192 = keyFile('test-only-rsa-8192-spki.pem');
const NOW = 1_700_000_000;
const URL_ = 'https://api.example.com/paynet/api/v4/transfer/1234';
const PARAMS: Array<[string, string]> = [
  ['client_orderid', '902B4FF5'],
  ['amount', '10.42'],
];

afterEach(() => vi.restoreAllMocks());

function withSignature(authorization: string, signature: string): string {
  const { params } = parseAuthorizationHeader(authorization);
  return buildAuthorizationHeader(Object.entries({ ...params, oauth_signature: signature }));
}

async function signed8192() {
  return signOAuth({
    method: 'POST',
    url: URL_,
    params: PARAMS,
    consumerKey: 'big',
    signatureMethod: 'RSA-SHA256',
    privateKey: PRIVATE_8192,
    nonce: 'n-8192',
    timestamp: NOW,
  });
}

describe('oauth_signature cap', () => {
  it('is the Base64 length of a signature as long as the largest modulus (node:crypto Base64)', () => {
    expect(MAX_RSA_BITS).toBe(8192);
    expect(MAX_SIGNATURE_LENGTH).toBe(Buffer.alloc(MAX_RSA_BITS / 8).toString('base64').length);
    expect(MAX_SIGNATURE_LENGTH).toBe(1368);
  });

  it('a real 8192-bit signature, made by node:crypto, verifies', async () => {
    const r = await signed8192();
    const signature = nodeSign('sha256', Buffer.from(r.baseString, 'utf8'), PRIVATE_8192).toString('base64');
    expect(signature).toHaveLength(MAX_SIGNATURE_LENGTH);
    expect(r.signature).toBe(signature); // PKCS#1 v1.5 is deterministic: paysig signed the same
    const authorization = withSignature(r.authorization, signature);
    const ok = await verifyOAuth(
      { method: 'POST', url: URL_, params: PARAMS, authorization },
      { credentials: () => ({ publicKey: PUBLIC_8192 }), now: NOW, nonceStore: new MemoryNonceStore() },
    );
    expect(ok.consumerKey).toBe('big');
    expect(nodeVerify('sha256', Buffer.from(r.baseString, 'utf8'), PUBLIC_8192, Buffer.from(signature, 'base64'))).toBe(
      true,
    );
  });

  it('one character beyond the cap is refused before the consumer lookup and any crypto', async () => {
    const r = await signed8192();
    const verify = vi.spyOn(backend, 'rsaSha256Verify');
    const importKey = vi.spyOn(backend, 'importPublicKey');
    const credentials = vi.fn(() => ({ publicKey: PUBLIC_8192 }));
    const run = (signature: string) =>
      verifyOAuth(
        { method: 'POST', url: URL_, params: PARAMS, authorization: withSignature(r.authorization, signature) },
        { credentials, now: NOW, nonceStore: new MemoryNonceStore() },
      );
    // one character more, and the next valid Base64 length (4 more): refused for their length
    for (const extra of [1, 4]) {
      await expect(run('A'.repeat(MAX_SIGNATURE_LENGTH + extra))).rejects.toMatchObject({
        code: 'ERR_OAUTH_PARAMETER',
        field: 'oauth_signature',
        message: `"oauth_signature" must be 1 to ${MAX_SIGNATURE_LENGTH} characters`,
      });
    }
    expect(credentials).not.toHaveBeenCalled();
    expect(importKey).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
    // at the cap itself the value goes on to the crypto (and fails there: it is not a signature)
    await expect(run('A'.repeat(MAX_SIGNATURE_LENGTH))).rejects.toMatchObject({ code: 'ERR_SIGNATURE_INVALID' });
    expect(credentials).toHaveBeenCalledTimes(1);
  });

  it('the Authorization header cap does not bind: the largest signature, fully escaped, fits', () => {
    const worst = '+'.repeat(MAX_SIGNATURE_LENGTH - 1) + '='; // every character becomes %XX
    const header = buildAuthorizationHeader(
      [
        ['oauth_consumer_key', 'k'.repeat(MAX_CONSUMER_KEY_LENGTH)],
        ['oauth_nonce', 'n'.repeat(MAX_NONCE_LENGTH)],
        ['oauth_signature_method', 'RSA-SHA256'],
        ['oauth_timestamp', '9'.repeat(15)],
        ['oauth_version', '1.0'],
        ['oauth_signature', worst],
      ],
      'Payments',
    );
    expect(header).toContain('%2B'.repeat(10));
    expect(header.length).toBeLessThanOrEqual(MAX_HEADER_LENGTH);
    expect(parseAuthorizationHeader(header).params['oauth_signature']).toBe(worst);
  });
});

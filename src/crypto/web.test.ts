/**
 * The WebCrypto backend's reading of an RSA key's size, exponent and algorithm from its JWK export
 * (what the weak-key checks of src/keys rely on for a caller's extractable CryptoKey). Real keys
 * are checked against the `algorithm` object WebCrypto itself reports; the edge cases a compliant
 * runtime does not produce (leading zero octets, missing members) go through a stubbed export.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rsaKeyParameters } from './web.js';

afterEach(() => vi.restoreAllMocks());

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

async function generated(algorithm: RsaHashedKeyGenParams) {
  const pair = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  return pair.publicKey;
}

/** Base64url without padding, as JWK members are written. */
const b64url = (bytes: number[]) => Buffer.from(bytes).toString('base64url');

/** rsaKeyParameters of a key whose JWK export is `jwk` (a stand-in: the export is stubbed). */
async function fromJwk(jwk: JsonWebKey) {
  vi.spyOn(crypto.subtle, 'exportKey').mockResolvedValue(jwk as never);
  return rsaKeyParameters({} as CryptoKey);
}

describe('rsaKeyParameters (WebCrypto backend)', () => {
  it('reads the modulus length and exponent of real keys as WebCrypto reports them', async () => {
    for (const [bits, exponent] of [
      [2048, [1, 0, 1]],
      [1024, [3]],
    ] as const) {
      const key = await generated({ ...RSA, modulusLength: bits, publicExponent: new Uint8Array(exponent) });
      expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(bits);
      const p = await rsaKeyParameters(key);
      expect(p).toEqual({ bits, exponent: new Uint8Array(exponent), rs256: true });
    }
  });

  it('says rs256 only for RSASSA-PKCS1-v1_5 with SHA-256', async () => {
    const params = { modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) };
    expect((await rsaKeyParameters(await generated({ ...RSA, ...params, hash: 'SHA-512' })))?.rs256).toBe(false);
    expect((await rsaKeyParameters(await generated({ ...params, name: 'RSA-PSS', hash: 'SHA-256' })))?.rs256).toBe(
      false,
    );
    // The JWK's kty and alg must both say so.
    expect((await fromJwk({ kty: 'RSA', alg: 'RS256', n: 'AQ', e: 'AQAB' }))?.rs256).toBe(true);
    expect((await fromJwk({ kty: 'RSA', alg: 'RS512', n: 'AQ', e: 'AQAB' }))?.rs256).toBe(false);
    expect((await fromJwk({ kty: 'oct', alg: 'RS256', n: 'AQ', e: 'AQAB' }))?.rs256).toBe(false);
  });

  it('counts bits from the first non-zero octet, whatever the padding of the Base64url text', async () => {
    const cases: [number[], number][] = [
      [[0x01], 1],
      [[0xff], 8],
      [[0x01, 0x00], 9],
      [[0x00, 0x80, 0x00], 16],
      [[0x00, 0x00, 0x01, 0x01], 9],
      [[0x00], 0],
      [[0x00, 0x00, 0x00], 0],
    ];
    for (const [n, bits] of cases) {
      const text = b64url(n);
      const p = await fromJwk({ kty: 'RSA', alg: 'RS256', n: text, e: 'AQAB' });
      expect({ n: text, bits: p?.bits }).toEqual({ n: text, bits });
    }
    // Two octets are three Base64url characters (one '=' of padding restored), one octet two.
    expect(b64url([0x01, 0x01]).length % 4).toBe(3);
    expect((await fromJwk({ kty: 'RSA', alg: 'RS256', n: b64url([0x01, 0x01]), e: 'AQAB' }))?.bits).toBe(9);
    // '-' and '_' are Base64url's 62 and 63.
    expect(await fromJwk({ kty: 'RSA', alg: 'RS256', n: 'AQ', e: '-_8' })).toEqual({
      bits: 1,
      exponent: new Uint8Array([0xfb, 0xff]),
      rs256: true,
    });
  });

  it('reports no material (0 bits, an empty exponent, not rs256) when n or e is missing', async () => {
    const none = { bits: 0, exponent: new Uint8Array(0), rs256: false };
    expect(await fromJwk({ kty: 'RSA', alg: 'RS256', e: 'AQAB' })).toEqual(none);
    expect(await fromJwk({ kty: 'RSA', alg: 'RS256', n: 'AQ' })).toEqual(none);
    expect(await fromJwk({ kty: 'RSA', alg: 'RS256' })).toEqual(none);
  });

  it('is undefined for a key whose material cannot be exported', async () => {
    const key = (await crypto.subtle.generateKey(
      { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      false,
      ['sign', 'verify'],
    )) as CryptoKeyPair;
    expect(await rsaKeyParameters(key.privateKey)).toBeUndefined();
  });
});

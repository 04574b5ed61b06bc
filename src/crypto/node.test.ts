// rsaKeyParameters of the node:crypto backend: the modulus length and public exponent read from
// a CryptoKey's KeyObject (asymmetricKeyDetails), and whether its material is plain `rsa`.
// Imports the node backend directly, whichever backend the project aliases `#crypto` to.
import { KeyObject, webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rsaKeyParameters } from './node.js';

const { subtle } = webcrypto;

afterEach(() => {
  vi.restoreAllMocks();
});

const NONE = { bits: 0, exponent: new Uint8Array(0), rs256: false };

async function rsaKey(publicExponent: Uint8Array, modulusLength = 1024): Promise<CryptoKey> {
  const pair = (await subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength, publicExponent },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  return pair.publicKey;
}

/** The prototype of `object`'s chain that owns the getter `name` (to stub it there). */
function owner(object: object, name: string): KeyObject {
  let o: object | null = object;
  while (o !== null && Object.getOwnPropertyDescriptor(o, name) === undefined) o = Object.getPrototypeOf(o) as object;
  if (o === null) throw new Error(`no ${name} getter`);
  return o as KeyObject;
}

describe('rsaKeyParameters (node:crypto)', () => {
  it('an RSA key: its modulus length, its exponent as big-endian bytes, rs256', async () => {
    expect(await rsaKeyParameters(await rsaKey(Uint8Array.of(1, 0, 1)))).toEqual({
      bits: 1024,
      exponent: Uint8Array.of(1, 0, 1),
      rs256: true,
    });
  });

  it('exponents with an odd and an even number of hex digits: 3 (0x3), 17 (0x11), 4097 (0x1001)', async () => {
    expect((await rsaKeyParameters(await rsaKey(Uint8Array.of(3))))?.exponent).toEqual(Uint8Array.of(3));
    expect((await rsaKeyParameters(await rsaKey(Uint8Array.of(17))))?.exponent).toEqual(Uint8Array.of(0x11));
    expect((await rsaKeyParameters(await rsaKey(Uint8Array.of(0x10, 0x01))))?.exponent).toEqual(
      Uint8Array.of(0x10, 0x01),
    );
  });

  it('a secret (HMAC) key, which has no asymmetricKeyDetails: no bits, no exponent, not rs256 (no throw)', async () => {
    const key = (await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign'])) as CryptoKey;
    expect(KeyObject.from(key).asymmetricKeyDetails).toBeUndefined();
    expect(await rsaKeyParameters(key)).toEqual(NONE);
  });

  it('an EC key (details without modulusLength or publicExponent): no bits, no exponent, not rs256', async () => {
    const pair = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    expect(await rsaKeyParameters(pair.publicKey)).toEqual(NONE);
  });

  it('details with a modulusLength but no publicExponent (as a DSA key has): not rs256, no throw', async () => {
    const key = await rsaKey(Uint8Array.of(1, 0, 1));
    vi.spyOn(owner(KeyObject.from(key), 'asymmetricKeyDetails'), 'asymmetricKeyDetails', 'get').mockReturnValue({
      modulusLength: 2048,
    });
    expect(await rsaKeyParameters(key)).toEqual(NONE);
  });

  it('details with a publicExponent but no modulusLength: not rs256', async () => {
    const key = await rsaKey(Uint8Array.of(1, 0, 1));
    vi.spyOn(owner(KeyObject.from(key), 'asymmetricKeyDetails'), 'asymmetricKeyDetails', 'get').mockReturnValue({
      publicExponent: 65537n,
    });
    expect(await rsaKeyParameters(key)).toEqual(NONE);
  });

  it('material that is not plain `rsa` (rsa-pss) with a modulus and exponent: read, but not rs256', async () => {
    const key = await rsaKey(Uint8Array.of(1, 0, 1));
    vi.spyOn(owner(KeyObject.from(key), 'asymmetricKeyType'), 'asymmetricKeyType', 'get').mockReturnValue('rsa-pss');
    expect(await rsaKeyParameters(key)).toEqual({ bits: 1024, exponent: Uint8Array.of(1, 0, 1), rs256: false });
  });
});

import { webcrypto } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCaches } from '../../test/helpers/caches.js';
import { thrown } from '../../test/helpers/refusal.js';
import {
  int,
  keyFile,
  modulusOf,
  pem,
  pkcs1Public,
  pkcs1PrivateWithUnitExponent,
  pkcs8Of,
  spkiOf,
  spkiWithExponent,
} from '../../test/helpers/rsa-der.js';
import { httpStatusOf } from '../errors/handling.js';
import { KeyExponentError, KeyTooLargeError, PaysigError } from '../errors/index.js';
import { signOAuth } from '../schemes/oauth/sign.js';
import { importPrivateKey, importPublicKey } from './import.js';
import { checkExponent, MAX_RSA_BITS, PUBLIC_EXPONENT } from './rules.js';

vi.mock('../cache/promise.js', async (original) => (await import('../../test/helpers/caches.js')).cacheMock(original));

beforeEach(() => resetCaches());

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
const N2048 = modulusOf('test-only-rsa-2048-spki.pem');

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return (e as PaysigError).code;
  }
}

function bytes(e: bigint): Uint8Array {
  let hex = e.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

describe('public exponent rule: 65537 only', () => {
  const cases: Array<[bigint, string]> = [
    [0n, 'ERR_KEY_EXPONENT'],
    [1n, 'ERR_KEY_EXPONENT'],
    [2n, 'ERR_KEY_EXPONENT'],
    [3n, 'ERR_KEY_EXPONENT'],
    [17n, 'ERR_KEY_EXPONENT'],
    [65535n, 'ERR_KEY_EXPONENT'],
    [65536n, 'ERR_KEY_EXPONENT'],
    [65537n, 'ok'],
    [65538n, 'ERR_KEY_EXPONENT'],
    [2n ** 32n - 2n, 'ERR_KEY_EXPONENT'],
    [65539n, 'ERR_KEY_EXPONENT'],
    [2n ** 32n - 1n, 'ERR_KEY_EXPONENT'],
    [2n ** 32n + 1n, 'ERR_KEY_EXPONENT'],
    [2n ** 64n + 1n, 'ERR_KEY_EXPONENT'],
  ];
  it.each(cases)('e = %s -> %s', (e, want) => {
    // as given, and with leading zero bytes as a DER INTEGER may carry: same answer
    for (const magnitude of [bytes(e), Uint8Array.from([0, 0, ...bytes(e)])]) {
      let got = 'ok';
      try {
        checkExponent(magnitude);
      } catch (err) {
        expect(err).toBeInstanceOf(KeyExponentError);
        got = (err as PaysigError).code;
      }
      expect(got).toBe(want);
    }
  });

  // The reason given for each refused exponent; e written out in decimal by hand.
  const reasons: Array<[Uint8Array, string]> = [
    [Uint8Array.of(0), 'RSA public exponent is 0: an even exponent is not a valid RSA key;'],
    [Uint8Array.of(1), 'RSA public exponent is 1: with it anyone can forge signatures;'],
    [Uint8Array.of(2), 'RSA public exponent is 2: an even exponent is not a valid RSA key;'],
    [Uint8Array.of(3), 'RSA public exponent is 3: small exponents are refused; only 65537 is accepted;'],
    [Uint8Array.of(0xff, 0xff), 'RSA public exponent is 65535: small exponents are refused; only 65537 is accepted;'],
    [Uint8Array.of(1, 0, 0), 'RSA public exponent is 65536: an even exponent is not a valid RSA key;'],
    [Uint8Array.of(1, 0, 3), 'RSA public exponent is 65539: only 65537 is accepted;'],
    [Uint8Array.of(0xff, 0xff, 0xff, 0xff), 'RSA public exponent is 4294967295: only 65537 is accepted;'],
    [Uint8Array.of(0, 0, 0xff, 0xff, 0xff, 0xff), 'RSA public exponent is 4294967295: only 65537 is accepted;'],
    [Uint8Array.of(1, 0, 0, 0, 1), 'RSA public exponent is longer than 32 bits: only 65537 is accepted;'],
    [Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 1), 'RSA public exponent is longer than 32 bits: only 65537 is accepted;'],
  ];
  it.each(reasons)('%s is refused with the reason and what to do', (exponent, reason) => {
    expect(() => checkExponent(exponent)).toThrow(`${reason} generate a new key pair (for example \`paysig keygen\``);
  });

  it('walks the leading zero bytes of an all-zero exponent without reading past its end', () => {
    // A Proxy is typed as the Uint8Array it wraps (and passes `instanceof Uint8Array`): any read
    // of an index at or beyond the length throws here, so only in-bounds reads can succeed.
    for (const zeros of [Uint8Array.of(0), Uint8Array.of(0, 0, 0)]) {
      const bounded = new Proxy(zeros, {
        get(target, name) {
          if (typeof name === 'string' && /^\d+$/.test(name) && Number(name) >= target.length) {
            throw new RangeError(`read of index ${name} past the end`);
          }
          return Reflect.get(target, name, target);
        },
      });
      const e = thrown(() => checkExponent(bounded));
      expect(e).toBeInstanceOf(KeyExponentError);
      expect(e.code).toBe('ERR_KEY_EXPONENT');
      expect(e.message).toBe(
        'RSA public exponent is 0: an even exponent is not a valid RSA key; generate a new key pair (for example `paysig keygen`, or openssl genpkey, which use e = 65537)',
      );
    }
  });

  it('says what is wrong and what to do, is a server error (500), and never quotes the key', async () => {
    const text = spkiWithExponent('test-only-rsa-2048-spki.pem', 1);
    const err = (await importPublicKey(text).catch((e: unknown) => e)) as PaysigError;
    expect(err.code).toBe('ERR_KEY_EXPONENT');
    expect(err.message).toMatch(/exponent is 1: .*forge.*generate a new key pair/);
    expect(httpStatusOf(err)).toBe(500);
    for (const line of text.split('\n').filter((l) => l.length > 20))
      expect(err.message).not.toContain(line.slice(0, 16));
    expect(PUBLIC_EXPONENT).toBe(65537);
  });
});

describe('every import path applies the rules', () => {
  it('public PEM, SPKI and PKCS#1: weak exponents refused, 65537 accepted', async () => {
    for (const [e, want] of [
      [1, 'ERR_KEY_EXPONENT'],
      [3, 'ERR_KEY_EXPONENT'],
      [65536, 'ERR_KEY_EXPONENT'],
      [65539, 'ERR_KEY_EXPONENT'],
      [65537, 'ok'],
    ] as const) {
      const pkcs1 = pkcs1Public(int(N2048), int(e));
      expect(await codeOf(importPublicKey(pem('PUBLIC KEY', spkiOf(pkcs1)))), `spki e=${e}`).toBe(want);
      expect(await codeOf(importPublicKey(pem('RSA PUBLIC KEY', pkcs1))), `pkcs1 e=${e}`).toBe(want);
    }
  });

  it('private PEM (PKCS#1 and PKCS#8) with e = 1, and signOAuth with it', async () => {
    const pkcs1 = pkcs1PrivateWithUnitExponent('test-only-rsa-2048-pkcs8.pem');
    const texts = [pem('RSA PRIVATE KEY', pkcs1), pem('PRIVATE KEY', pkcs8Of(pkcs1))];
    for (const text of texts) {
      expect(await codeOf(importPrivateKey(text))).toBe('ERR_KEY_EXPONENT');
      const signing = signOAuth({
        method: 'POST',
        url: 'https://a.example/p',
        params: [],
        consumerKey: 'ck',
        signatureMethod: 'RSA-SHA256',
        privateKey: text,
        nonce: 'n',
        timestamp: 1,
      });
      expect(await codeOf(signing)).toBe('ERR_KEY_EXPONENT');
    }
  });

  it('CryptoKeys, public and private, non-extractable: algorithm.publicExponent is checked', async () => {
    const spki = spkiOf(pkcs1Public(int(N2048), int(1)));
    const pub = (await webcrypto.subtle.importKey('spki', spki, RSA, false, ['verify'])) as CryptoKey;
    expect(pub.algorithm).toMatchObject({ publicExponent: Uint8Array.of(1) });
    expect(await codeOf(importPublicKey(pub))).toBe('ERR_KEY_EXPONENT');
    const pkcs8 = pkcs8Of(pkcs1PrivateWithUnitExponent('test-only-rsa-2048-pkcs8.pem'));
    const priv = (await webcrypto.subtle.importKey('pkcs8', pkcs8, RSA, false, ['sign'])) as CryptoKey;
    expect(await codeOf(importPrivateKey(priv))).toBe('ERR_KEY_EXPONENT');
    // a look-alike built on it, claiming 65537, is no CryptoKey
    const fake = Object.create(pub, {
      algorithm: { value: { ...pub.algorithm, publicExponent: Uint8Array.of(1, 0, 1) } },
    }) as CryptoKey;
    expect(await codeOf(importPublicKey(fake))).toBe('ERR_KEY_INVALID');
  });

  it('a weak key is never cached: a second attempt is refused again', async () => {
    const text = spkiWithExponent('test-only-rsa-2048-spki.pem', 3);
    expect(await codeOf(importPublicKey(text))).toBe('ERR_KEY_EXPONENT');
    expect(await codeOf(importPublicKey(text))).toBe('ERR_KEY_EXPONENT');
  });
});

describe('modulus bounds and strict DER', () => {
  const N8192 = modulusOf('test-only-rsa-8192-spki.pem');

  it(`accepts ${MAX_RSA_BITS} bits, refuses 8200 (PEM and CryptoKey) with ERR_KEY_TOO_LARGE`, async () => {
    expect(MAX_RSA_BITS).toBe(8192);
    expect(await codeOf(importPublicKey(keyFile('test-only-rsa-8192-spki.pem')))).toBe('ok');
    expect(await codeOf(importPrivateKey(keyFile('test-only-rsa-8192-pkcs8.pem')))).toBe('ok');
    const big = spkiOf(pkcs1Public(int(Buffer.concat([N8192, Buffer.from([0x01])])), int(65537)));
    const err = await importPublicKey(pem('PUBLIC KEY', big)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeyTooLargeError);
    expect(err).toMatchObject({ code: 'ERR_KEY_TOO_LARGE', bits: 8200, maxBits: 8192 });
    const key = (await webcrypto.subtle.importKey('spki', big, RSA, false, ['verify'])) as CryptoKey;
    expect(await codeOf(importPublicKey(key))).toBe('ERR_KEY_TOO_LARGE');
  });

  it('refuses 2047 bits with ERR_KEY_TOO_SMALL', async () => {
    const n2047 = (BigInt('0x' + N2048.toString('hex')) >> 1n) | 1n;
    expect(n2047.toString(2)).toHaveLength(2047);
    expect(await codeOf(importPublicKey(pem('PUBLIC KEY', spkiOf(pkcs1Public(int(n2047), int(65537))))))).toBe(
      'ERR_KEY_TOO_SMALL',
    );
  });

  it('refuses a redundant leading zero in the modulus and bytes after the DER', async () => {
    const zero = spkiOf(pkcs1Public(int(N2048, true), int(65537)));
    expect(await codeOf(importPublicKey(pem('PUBLIC KEY', zero)))).toBe('ERR_KEY_INVALID');
    const good = spkiOf(pkcs1Public(int(N2048), int(65537)));
    expect(await codeOf(importPublicKey(pem('PUBLIC KEY', good)))).toBe('ok');
    const trailing = Buffer.concat([good, Buffer.from([0x00])]);
    expect(await codeOf(importPublicKey(pem('PUBLIC KEY', trailing)))).toBe('ERR_KEY_INVALID');
    const inner = Buffer.concat([pkcs1Public(int(N2048), int(65537)), Buffer.from([0x05, 0x00])]);
    expect(await codeOf(importPublicKey(pem('PUBLIC KEY', spkiOf(inner))))).toBe('ERR_KEY_INVALID');
    expect(await codeOf(importPublicKey(pem('RSA PUBLIC KEY', inner)))).toBe('ERR_KEY_INVALID');
  });
});

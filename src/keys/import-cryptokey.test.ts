// How a CryptoKey is checked when its facts come from its [[algorithm]] object rather than the key
// material: on WebCrypto a non-extractable key hides its material (`rsaKeyParameters` answers
// undefined), emulated here on both backends by mocking that one export of `#crypto`. Also: the
// algorithm object a caller changed (the platform's getter returns the same, mutable object), the
// material overruling what the algorithm says, and the cache of adopted CryptoKeys (a refusal is
// forgotten; a newer import of the same key is not).
import { createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCaches } from '../../test/helpers/caches.js';
import { refusal } from '../../test/helpers/refusal.js';
import * as backend from '#crypto';
import { KeyError, WeakKeyError } from '../errors/index.js';
import { importPrivateKey, importPublicKey } from './import.js';

vi.mock('../cache/promise.js', async (original) => (await import('../../test/helpers/caches.js')).cacheMock(original));
vi.mock('#crypto', async (original) => {
  const real = await original<typeof import('#crypto')>();
  return { ...real, rsaKeyParameters: vi.fn(real.rsaKeyParameters) };
});

const KEYS = new URL('../../vectors/keys/', import.meta.url);
const pemOf = (name: string): string => readFileSync(new URL(`test-only-${name}.pem`, KEYS), 'utf8');
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
const NEED = 'RSASSA-PKCS1-v1_5 with SHA-256 is required';
const E65537 = Uint8Array.of(1, 0, 1);

/** The algorithm object of a key, as its slot getter returns it (the same object on every read). */
type Algorithm = { name: unknown; hash: unknown; modulusLength: unknown; publicExponent: unknown };

beforeEach(() => resetCaches());
// mockReset drops the answers a test queued and goes back to the real rsaKeyParameters.
afterEach(() => {
  vi.mocked(backend.rsaKeyParameters).mockReset();
  vi.restoreAllMocks();
});

/** A fresh non-extractable public CryptoKey of the 2048-bit test key (fresh: tests change it). */
async function publicCryptoKey(): Promise<CryptoKey> {
  const spki = createPublicKey(pemOf('rsa-2048-spki')).export({ type: 'spki', format: 'der' });
  return (await webcrypto.subtle.importKey('spki', spki, RSA, false, ['verify'])) as CryptoKey;
}

/** A fresh non-extractable private CryptoKey of the 2048-bit test key. */
async function privateCryptoKey(): Promise<CryptoKey> {
  const pkcs8 = createPrivateKey(pemOf('rsa-2048-pkcs8')).export({ type: 'pkcs8', format: 'der' });
  return (await webcrypto.subtle.importKey('pkcs8', pkcs8, RSA, false, ['sign'])) as CryptoKey;
}

const algorithmOf = (key: CryptoKey): Algorithm => key.algorithm as unknown as Algorithm;

/** The backend cannot read the material of the next key checked (WebCrypto, non-extractable). */
function materialHidden(): void {
  vi.mocked(backend.rsaKeyParameters).mockResolvedValueOnce(undefined);
}

/** Verifies a node:crypto signature with the imported handle: the key really works. */
async function verifiesNodeSignature(key: CryptoKey): Promise<boolean> {
  const data = 'checked by node:crypto';
  const sig = nodeSign('sha256', Buffer.from(data), createPrivateKey(pemOf('rsa-2048-pkcs8')));
  return backend.rsaSha256Verify(await importPublicKey(key), new Uint8Array(sig), data);
}

describe('a CryptoKey whose material the backend cannot read: its algorithm object is what remains', () => {
  it('adopts a 2048-bit, e = 65537 public key from its modulusLength and publicExponent', async () => {
    const key = await publicCryptoKey();
    materialHidden();
    expect(await verifiesNodeSignature(key)).toBe(true);
    expect(backend.rsaKeyParameters).toHaveBeenCalledWith(key);
  });

  it('adopts a private key the same way, and it signs', async () => {
    const key = await privateCryptoKey();
    materialHidden();
    const handle = await importPrivateKey(key);
    const data = 'signed by paysig';
    const sig = await backend.rsaSha256Sign(handle, data);
    expect(nodeVerify('sha256', Buffer.from(data), createPublicKey(pemOf('rsa-2048-spki')), sig)).toBe(true);
  });

  it('reads a publicExponent that is a Uint8Array of another realm (a key from an iframe)', async () => {
    const key = await publicCryptoKey();
    const foreign: unknown = vm.runInNewContext('new Uint8Array([1, 0, 1])');
    expect(foreign instanceof Uint8Array).toBe(false);
    algorithmOf(key).publicExponent = foreign;
    materialHidden();
    expect(await verifiesNodeSignature(key)).toBe(true);
  });

  it('reads a Uint8Array publicExponent by its class, whatever its Symbol.toStringTag says', async () => {
    const key = await publicCryptoKey();
    const exponent = Uint8Array.of(1, 0, 1);
    Object.defineProperty(exponent, Symbol.toStringTag, { value: 'Object' });
    expect(Object.prototype.toString.call(exponent)).toBe('[object Object]');
    algorithmOf(key).publicExponent = exponent;
    materialHidden();
    expect(await verifiesNodeSignature(key)).toBe(true);
  });

  it.each([
    ['an Array', () => [1, 0, 1]],
    ['a DataView', () => new DataView(Uint8Array.of(1, 0, 1).buffer)],
    ['a Uint16Array', () => Uint16Array.of(1, 0, 1)],
    ['an ArrayBuffer', () => Uint8Array.of(1, 0, 1).buffer],
    ['undefined', () => undefined],
  ])('refuses a publicExponent that is %s', async (_what, exponent) => {
    const key = await publicCryptoKey();
    algorithmOf(key).publicExponent = exponent();
    materialHidden();
    const e = await refusal(importPublicKey(key));
    expect(e).toBeInstanceOf(KeyError);
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toBe('CryptoKey has no publicExponent (a Uint8Array): not an RSA key');
  });

  it.each([
    ['undefined', undefined],
    ['a string', '2048'],
    ['a bigint', 2048n],
  ])('refuses a modulusLength that is %s', async (_what, modulusLength) => {
    const key = await publicCryptoKey();
    algorithmOf(key).modulusLength = modulusLength;
    materialHidden();
    const e = await refusal(importPublicKey(key));
    expect(e).toBeInstanceOf(KeyError);
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toBe('CryptoKey has no modulusLength');
  });

  it('applies the size rule to the modulusLength it reads', async () => {
    const key = await publicCryptoKey();
    algorithmOf(key).modulusLength = 1024;
    materialHidden();
    const e = await refusal(importPublicKey(key));
    expect(e).toBeInstanceOf(WeakKeyError);
    expect(e.code).toBe('ERR_KEY_TOO_SMALL');
  });
});

describe('a CryptoKey whose material the backend reads: the material overrules the algorithm object', () => {
  it('refuses material that is not an RSASSA-PKCS1-v1_5 / SHA-256 key, whatever its algorithm says', async () => {
    const key = await publicCryptoKey();
    vi.mocked(backend.rsaKeyParameters).mockResolvedValueOnce({ bits: 2048, exponent: E65537, rs256: false });
    const e = await refusal(importPublicKey(key));
    expect(e).toBeInstanceOf(KeyError);
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toBe(
      'CryptoKey material is not an RSASSA-PKCS1-v1_5 key for SHA-256, whatever its algorithm says',
    );
  });

  it('takes the modulus length of the material, not the modulusLength of the algorithm', async () => {
    const key = await publicCryptoKey();
    expect(algorithmOf(key).modulusLength).toBe(2048);
    vi.mocked(backend.rsaKeyParameters).mockResolvedValueOnce({ bits: 1024, exponent: E65537, rs256: true });
    const e = await refusal(importPublicKey(key));
    expect(e).toBeInstanceOf(WeakKeyError);
    expect(e.code).toBe('ERR_KEY_TOO_SMALL');
    expect(e.message).toContain('1024');
  });

  it('takes the exponent of the material, not the publicExponent of the algorithm', async () => {
    const key = await publicCryptoKey();
    algorithmOf(key).publicExponent = [1, 0, 1];
    vi.mocked(backend.rsaKeyParameters).mockResolvedValueOnce({ bits: 2048, exponent: E65537, rs256: true });
    expect(await verifiesNodeSignature(key)).toBe(true);
  });
});

describe('the algorithm object of a real CryptoKey, changed by the caller', () => {
  it('a missing hash is named as undefined', async () => {
    const key = await publicCryptoKey();
    algorithmOf(key).hash = undefined;
    const e = await refusal(importPublicKey(key));
    expect(e).toBeInstanceOf(KeyError);
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toBe(`CryptoKey hash is undefined: ${NEED}`);
  });

  it('a hash without a name, or a name that is no string, is named by its type', async () => {
    const key = await publicCryptoKey();
    algorithmOf(key).hash = {};
    expect((await refusal(importPublicKey(key))).message).toBe(`CryptoKey hash is undefined: ${NEED}`);
    algorithmOf(key).hash = { name: 256 };
    expect((await refusal(importPublicKey(key))).message).toBe(`CryptoKey hash is number: ${NEED}`);
    algorithmOf(key).name = 7;
    expect((await refusal(importPublicKey(key))).message).toBe(`CryptoKey algorithm is number: ${NEED}`);
  });

  it('quotes at most the first 40 characters of an algorithm name', async () => {
    const key = await publicCryptoKey();
    const name = 'RSASSA-PKCS1-v1_5-with-a-name-of-more-than-forty-characters';
    algorithmOf(key).name = name;
    const e = await refusal(importPublicKey(key));
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toBe(`CryptoKey algorithm is "${name.slice(0, 40)}": ${NEED}`);
    expect(name.slice(0, 40)).toBe('RSASSA-PKCS1-v1_5-with-a-name-of-more-th');
  });
});

describe('the cache of adopted CryptoKeys', () => {
  it('forgets a refusal: the same key is checked again on the next call', async () => {
    const key = await publicCryptoKey();
    const algorithm = algorithmOf(key);
    const hash = algorithm.hash;
    algorithm.hash = { name: 'SHA-1' };
    expect((await refusal(importPublicKey(key))).message).toBe(`CryptoKey hash is "SHA-1": ${NEED}`);
    algorithm.hash = hash;
    expect(await verifiesNodeSignature(key)).toBe(true);
  });

  it('keeps a newer import of the same key when an older one is refused after it', async () => {
    const key = await publicCryptoKey();
    const spy = vi.spyOn(backend, 'fromCryptoKey');
    // The outer import reads the algorithm name; that read starts an inner import of the same key,
    // which is refused (it reads another name) and cached first. The outer import then replaces it
    // in the cache and succeeds: the inner refusal, settled later, must leave the outer one cached.
    let inner: Promise<unknown> | undefined;
    let inInner = false;
    Object.defineProperty(algorithmOf(key), 'name', {
      configurable: true,
      get() {
        if (inner === undefined && !inInner) {
          inInner = true;
          inner = importPublicKey(key);
          inInner = false;
        }
        return inInner ? 'RC4' : RSA.name;
      },
    });
    const outer = importPublicKey(key);
    if (inner === undefined) throw new Error('the inner import did not start');
    const e = await refusal(inner);
    expect(e.message).toBe(`CryptoKey algorithm is "RC4": ${NEED}`);
    const handle = await outer;
    expect(importPublicKey(key)).toBe(outer);
    expect(await importPublicKey(key)).toBe(handle);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

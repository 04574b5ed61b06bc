// What importPrivateKey/importPublicKey say about values that are not usable keys: non-keys,
// CryptoKeys of the wrong shape (look-alikes built on a real key, as a key from another realm
// or a hostile caller could present them), and how a real CryptoKey is recognised.
import { createPrivateKey, createPublicKey, sign as nodeSign, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { resetCaches } from '../../test/helpers/caches.js';
import * as backend from '#crypto';
import { importPrivateKey, importPublicKey } from './import.js';

vi.mock('../cache/promise.js', async (original) => (await import('../../test/helpers/caches.js')).cacheMock(original));

const KEYS = new URL('../../vectors/keys/', import.meta.url);
const pemOf = (name: string): string => readFileSync(new URL(`test-only-${name}.pem`, KEYS), 'utf8');
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
const NEED = 'RSASSA-PKCS1-v1_5 with SHA-256 is required';

beforeEach(() => resetCaches());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A fresh public CryptoKey of the 2048-bit test key (fresh: some tests change the object). */
function publicCryptoKey(usages: KeyUsage[] = ['verify'], algorithm: RsaHashedImportParams = RSA): Promise<CryptoKey> {
  const spki = createPublicKey(pemOf('rsa-2048-spki')).export({ type: 'spki', format: 'der' });
  return webcrypto.subtle.importKey('spki', spki, algorithm, true, usages) as Promise<CryptoKey>;
}

/** The real key with its `algorithm` replaced (everything else, including the key itself, inherited). */
function withAlgorithm(key: CryptoKey, algorithm: unknown): CryptoKey {
  return Object.create(key, { algorithm: { value: algorithm } }) as CryptoKey;
}

async function messageOf(p: Promise<unknown>): Promise<string> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: 'ERR_KEY_INVALID' });
  return (error as Error).message;
}

/** Verifies a node:crypto signature with the imported handle: the key really works. */
async function verifiesNodeSignature(key: CryptoKey): Promise<boolean> {
  const data = 'checked by node:crypto';
  const sig = nodeSign('sha256', Buffer.from(data), createPrivateKey(pemOf('rsa-2048-pkcs8')));
  return backend.rsaSha256Verify(await importPublicKey(key), new Uint8Array(sig), data);
}

describe('values that are neither PEM strings nor CryptoKeys', () => {
  const tagged = Object.assign(() => undefined, { [Symbol.toStringTag]: 'CryptoKey' });
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [42, 'number'],
    [{}, 'an object that is not a CryptoKey'],
    [
      new Uint8Array(4),
      "bytes (readFileSync without an encoding?): pass the PEM text, readFileSync(path, 'utf8') or bytes.toString()",
    ],
    [tagged, 'function'],
  ])('%s: the message says what was given', async (value, got) => {
    const key = value as unknown as string;
    expect(await messageOf(importPrivateKey(key))).toBe(`privateKey must be a PEM string or a CryptoKey, got ${got}`);
    expect(await messageOf(importPublicKey(key))).toBe(`publicKey must be a PEM string or a CryptoKey, got ${got}`);
  });
});

describe('CryptoKeys of the wrong shape: the message names what is wrong', () => {
  it('algorithm, hash and usage of real keys', async () => {
    const hmac = await webcrypto.subtle.importKey('raw', new Uint8Array(16), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    expect(await messageOf(importPrivateKey(hmac as CryptoKey))).toBe(`CryptoKey algorithm is "HMAC": ${NEED}`);
    const sha1 = await publicCryptoKey(['verify'], { ...RSA, hash: 'SHA-1' });
    expect(await messageOf(importPublicKey(sha1))).toBe(`CryptoKey hash is "SHA-1": ${NEED}`);
    const unusable = await publicCryptoKey([]);
    expect(await messageOf(importPublicKey(unusable))).toBe('CryptoKey usages do not include "verify"');
  });

  it('a look-alike built on a real key (its algorithm set on the object) is not a CryptoKey', async () => {
    const key = await publicCryptoKey();
    const real = key.algorithm as RsaHashedKeyAlgorithm;
    for (const algorithm of [
      undefined,
      {},
      { name: 7 },
      { name: RSA.name },
      { ...real, hash: undefined },
      { ...real, modulusLength: undefined },
      { ...real, publicExponent: [1, 0, 1] },
    ]) {
      expect(await messageOf(importPublicKey(withAlgorithm(key, algorithm))), JSON.stringify(algorithm)).toBe(
        'publicKey must be a PEM string or a CryptoKey, got an object that is not a CryptoKey',
      );
    }
  });

  it('accepts a publicExponent that is a Uint8Array of another realm (a key from an iframe)', async () => {
    // A non-extractable key: on WebCrypto its [[algorithm]] slot is all there is to read.
    const spki = createPublicKey(pemOf('rsa-2048-spki')).export({ type: 'spki', format: 'der' });
    const key = (await webcrypto.subtle.importKey('spki', spki, RSA, false, ['verify'])) as CryptoKey;
    const foreign: unknown = vm.runInNewContext('new Uint8Array([1, 0, 1])');
    expect(foreign instanceof Uint8Array).toBe(false);
    (key.algorithm as unknown as { publicExponent: unknown }).publicExponent = foreign;
    expect(await verifiesNodeSignature(key)).toBe(true);
  });
});

describe('a Node KeyObject', () => {
  it('is refused with the export call of its own half: pkcs8 for a private key, spki for a public key', async () => {
    const priv = createPrivateKey(pemOf('rsa-2048-pkcs8'));
    const pub = createPublicKey(pemOf('rsa-2048-spki'));
    expect(await messageOf(importPrivateKey(priv as unknown as CryptoKey))).toBe(
      "privateKey must be a PEM string or a CryptoKey, got a Node KeyObject: pass the PEM string or key.export({ format: 'pem', type: 'pkcs8' })",
    );
    expect(await messageOf(importPublicKey(pub as unknown as CryptoKey))).toBe(
      "publicKey must be a PEM string or a CryptoKey, got a Node KeyObject: pass the PEM string or key.export({ format: 'pem', type: 'spki' })",
    );
  });
});

describe('recognising a real CryptoKey', () => {
  it('by its class, even when its tag is hidden', async () => {
    const key = await publicCryptoKey();
    Object.defineProperty(key, Symbol.toStringTag, { value: 'Object' });
    expect(Object.prototype.toString.call(key)).toBe('[object Object]');
    expect(await verifiesNodeSignature(key)).toBe(true);
  });

  it('on a runtime with no CryptoKey class, a value that is no object is still named by what it is', async () => {
    vi.stubGlobal('CryptoKey', undefined);
    for (const [value, got] of [
      [null, 'null'],
      [undefined, 'undefined'],
      [42, 'number'],
      [true, 'boolean'],
    ] as const) {
      const key = value as unknown as string;
      expect(await messageOf(importPrivateKey(key))).toBe(`privateKey must be a PEM string or a CryptoKey, got ${got}`);
      expect(await messageOf(importPublicKey(key))).toBe(`publicKey must be a PEM string or a CryptoKey, got ${got}`);
    }
    // An object (a real key, a plain one) is what cannot be checked there.
    expect(await messageOf(importPrivateKey({} as CryptoKey))).toBe(
      'privateKey is an object, and this runtime has no CryptoKey class to check it with: pass the key as PEM text',
    );
  });

  it('on a runtime with no CryptoKey class to check it with, refuses it and says to pass PEM', async () => {
    const key = await publicCryptoKey();
    vi.stubGlobal('CryptoKey', undefined);
    expect(await messageOf(importPublicKey(key))).toBe(
      'publicKey is an object, and this runtime has no CryptoKey class to check it with: pass the key as PEM text',
    );
  });
});

describe('a CryptoKey the backend refuses', () => {
  it('is a KeyError naming the backend, with the backend error as its cause', async () => {
    const cause = new TypeError('not a key of this runtime');
    vi.spyOn(backend, 'fromCryptoKey').mockImplementation(() => {
      throw cause;
    });
    const error = await importPublicKey(await publicCryptoKey()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'ERR_KEY_INVALID',
      message: `CryptoKey was refused by the ${inject('backend')} crypto backend`,
    });
    expect((error as Error).cause).toBe(cause);
  });
});

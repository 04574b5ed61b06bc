import { createPrivateKey, createPublicKey, sign as nodeSign, webcrypto } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { resetCaches } from '../../test/helpers/caches.js';
import * as backend from '#crypto';
import { KeyError, PaysigError, WeakKeyError } from '../errors/index.js';
import { importPrivateKey, importPublicKey, KEY_CACHE_SIZE } from './import.js';
import { formatPem } from './pem.js';

vi.mock('../cache/promise.js', async (original) => (await import('../../test/helpers/caches.js')).cacheMock(original));

const KEYS = new URL('../../vectors/keys/', import.meta.url);
const pemOf = (name: string): string => readFileSync(new URL(`test-only-${name}.pem`, KEYS), 'utf8');

beforeEach(() => resetCaches());
afterEach(() => vi.restoreAllMocks());

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return (e as PaysigError).code;
  }
}

/** What each test-key file must give, as a private and as a public key. */
function expected(file: string): { priv: string; pub: string } {
  if (file.includes('ec-p256') || file.includes('encrypted'))
    return { priv: 'ERR_KEY_INVALID', pub: 'ERR_KEY_INVALID' };
  const isPublic = file.includes('spki') || file.includes('public');
  const weak = file.includes('-1024-') ? 'ERR_KEY_TOO_SMALL' : 'ok';
  return isPublic ? { priv: 'ERR_KEY_INVALID', pub: weak } : { priv: weak, pub: 'ERR_KEY_INVALID' };
}

describe('every test key file', () => {
  const files = readdirSync(KEYS).filter((f) => f.endsWith('.pem'));
  it('covers the whole directory', () => expect(files.length).toBe(18));
  it.each(files)('%s is accepted or refused with the right code', async (file) => {
    const pem = readFileSync(new URL(file, KEYS), 'utf8');
    const want = expected(file);
    expect({ priv: await codeOf(importPrivateKey(pem)), pub: await codeOf(importPublicKey(pem)) }).toEqual(want);
  });

  it('says which kind it got when the kind is wrong', async () => {
    await expect(importPrivateKey(pemOf('rsa-2048-spki'))).rejects.toThrow(
      'got a public key (BEGIN PUBLIC KEY) where a private key is needed',
    );
    await expect(importPublicKey(pemOf('rsa-2048-pkcs1'))).rejects.toThrow(
      'got a private key (BEGIN RSA PRIVATE KEY) where a public key is needed',
    );
    await expect(importPrivateKey(pemOf('rsa-1024-pkcs8'))).rejects.toBeInstanceOf(WeakKeyError);
  });

  it('says which kind it got from the label alone, before reading the DER of the wrong half', async () => {
    // A body that is no key at all: the wrong half is what the caller must fix first.
    const junk = Uint8Array.of(0x30, 0x03, 0x02, 0x01, 0x05);
    await expect(importPublicKey(formatPem('PRIVATE KEY', junk))).rejects.toThrow(
      'got a private key (BEGIN PRIVATE KEY) where a public key is needed',
    );
    await expect(importPrivateKey(formatPem('RSA PUBLIC KEY', junk))).rejects.toThrow(
      'got a public key (BEGIN RSA PUBLIC KEY) where a private key is needed',
    );
    // Of the right half, the same body is refused as malformed DER.
    await expect(importPublicKey(formatPem('RSA PUBLIC KEY', junk))).rejects.toThrow('malformed key DER');
  });

  it('refuses values that are neither PEM strings nor CryptoKeys', async () => {
    for (const v of [undefined, null, 42, {}, new Uint8Array(4)]) {
      expect(await codeOf(importPrivateKey(v as unknown as string))).toBe('ERR_KEY_INVALID');
      expect(await codeOf(importPublicKey(v as unknown as string))).toBe('ERR_KEY_INVALID');
    }
  });
});

describe.each([2048, 4096])('signatures with the %i-bit key', (bits) => {
  const data = `POST&https%3A%2F%2Fexample.com%2Fpay&amount%3D10.42 \u00e9\u{1f600} ${bits}`;
  const oracle = nodeSign('sha256', Buffer.from(data, 'utf8'), createPrivateKey(pemOf(`rsa-${bits}-pkcs8`)));

  it('PKCS#1 and PKCS#8 sign exactly as node:crypto does', async () => {
    for (const form of ['pkcs1', 'pkcs8']) {
      const key = await importPrivateKey(pemOf(`rsa-${bits}-${form}`));
      const sig = await backend.rsaSha256Sign(key, data);
      expect(Buffer.from(sig).toString('hex'), form).toBe(oracle.toString('hex'));
    }
  });

  it('SPKI and PKCS#1-public verify it, and refuse a flipped bit or other data', async () => {
    for (const form of ['spki', 'pkcs1-public']) {
      const key = await importPublicKey(pemOf(`rsa-${bits}-${form}`));
      expect(await backend.rsaSha256Verify(key, new Uint8Array(oracle), data)).toBe(true);
      const bad = new Uint8Array(oracle);
      bad[bad.length >> 1]! ^= 4;
      expect(await backend.rsaSha256Verify(key, bad, data)).toBe(false);
      expect(await backend.rsaSha256Verify(key, new Uint8Array(oracle), data + ' ')).toBe(false);
    }
  });
});

describe('cache', () => {
  const pem = pemOf('rsa-2048-pkcs1');

  it('imports a PEM once and returns the same handle', async () => {
    const spy = vi.spyOn(backend, 'importPrivateKey');
    const [a, b] = await Promise.all([importPrivateKey(pem), importPrivateKey(pem)]);
    const c = await importPrivateKey(pem);
    expect(a).toBe(b);
    expect(a).toBe(c);
    expect(spy).toHaveBeenCalledTimes(1);
    // The public cache is separate.
    const pubSpy = vi.spyOn(backend, 'importPublicKey');
    const pub = pemOf('rsa-2048-spki');
    expect(await importPublicKey(pub)).toBe(await importPublicKey(pub));
    expect(pubSpy).toHaveBeenCalledTimes(1);
  });

  it('evicts the oldest entry beyond its bound', async () => {
    const spy = vi.spyOn(backend, 'importPrivateKey');
    // Distinct strings for the same key: trailing whitespace is allowed.
    const variants = Array.from({ length: KEY_CACHE_SIZE + 1 }, (_, i) => pem + ' '.repeat(i));
    for (const v of variants.slice(0, KEY_CACHE_SIZE)) await importPrivateKey(v);
    expect(spy).toHaveBeenCalledTimes(KEY_CACHE_SIZE);
    await importPrivateKey(variants[1]!);
    expect(spy).toHaveBeenCalledTimes(KEY_CACHE_SIZE); // still cached
    await importPrivateKey(variants[KEY_CACHE_SIZE]!); // evicts variants[0]
    await importPrivateKey(variants[1]!);
    expect(spy).toHaveBeenCalledTimes(KEY_CACHE_SIZE + 1);
    await importPrivateKey(variants[0]!);
    expect(spy).toHaveBeenCalledTimes(KEY_CACHE_SIZE + 2);
  });

  it('forgets a failed import, wrapping the backend error in a KeyError', async () => {
    const boom = new Error('backend exploded');
    const spy = vi.spyOn(backend, 'importPrivateKey').mockRejectedValueOnce(boom);
    const err = await importPrivateKey(pem).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(KeyError);
    expect((err as KeyError).message).toBe(`RSA private key was refused by the ${inject('backend')} crypto backend`);
    expect((err as KeyError).cause).toBe(boom);
    await importPrivateKey(pem);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('a failure that settles late does not evict the newer import of the same PEM', async () => {
    let fail: (reason: unknown) => void = () => undefined;
    const spy = vi
      .spyOn(backend, 'importPrivateKey')
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    const first = importPrivateKey(pem).catch((e: unknown) => e);
    // The pending import is pushed out of the cache by other keys, then the PEM is imported again.
    for (let i = 1; i <= KEY_CACHE_SIZE; i++) await importPrivateKey(pem + ' '.repeat(i));
    const second = await importPrivateKey(pem);
    const calls = spy.mock.calls.length;
    fail(new Error('late backend failure'));
    expect(await first).toBeInstanceOf(KeyError);
    expect(await importPrivateKey(pem)).toBe(second);
    expect(spy).toHaveBeenCalledTimes(calls);
  });

  it('wraps a backend that throws synchronously', async () => {
    vi.spyOn(backend, 'importPublicKey').mockImplementationOnce(() => {
      throw new TypeError('sync failure');
    });
    expect(await codeOf(importPublicKey(pemOf('rsa-2048-spki')))).toBe('ERR_KEY_INVALID');
  });

  it('never caches a refused key', async () => {
    const spy = vi.spyOn(backend, 'importPrivateKey');
    expect(await codeOf(importPrivateKey(pemOf('rsa-1024-pkcs8')))).toBe('ERR_KEY_TOO_SMALL');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('CryptoKey input', () => {
  const subtle = webcrypto.subtle;
  const der = (name: string) => new Uint8Array(createPrivateKey(pemOf(name)).export({ type: 'pkcs8', format: 'der' }));
  const spki = (name: string) => new Uint8Array(createPublicKey(pemOf(name)).export({ type: 'spki', format: 'der' }));
  const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

  it('adopts a private and a public RSASSA-PKCS1-v1_5 SHA-256 key, once each', async () => {
    const priv = (await subtle.importKey('pkcs8', der('rsa-2048-pkcs8'), RSA, false, ['sign'])) as CryptoKey;
    const pub = (await subtle.importKey('spki', spki('rsa-2048-spki'), RSA, true, ['verify'])) as CryptoKey;
    const spy = vi.spyOn(backend, 'fromCryptoKey');
    const h = await importPrivateKey(priv);
    expect(await importPrivateKey(priv)).toBe(h);
    expect(spy).toHaveBeenCalledTimes(1);
    const data = 'hello';
    const sig = await backend.rsaSha256Sign(h, data);
    const oracle = nodeSign('sha256', Buffer.from(data), createPrivateKey(pemOf('rsa-2048-pkcs8')));
    expect(Buffer.from(sig).equals(oracle)).toBe(true);
    expect(await backend.rsaSha256Verify(await importPublicKey(pub), sig, data)).toBe(true);
  });

  it('refuses the wrong kind, algorithm, hash, size or usage', async () => {
    const pkcs8 = der('rsa-2048-pkcs8');
    const cases: Array<[string, Promise<string>]> = [
      [
        'public for private',
        subtle
          .importKey('spki', spki('rsa-2048-spki'), RSA, true, ['verify'])
          .then((k) => codeOf(importPrivateKey(k as CryptoKey))),
      ],
      [
        'private for public',
        subtle.importKey('pkcs8', pkcs8, RSA, false, ['sign']).then((k) => codeOf(importPublicKey(k as CryptoKey))),
      ],
      [
        'RSA-PSS',
        subtle
          .importKey('pkcs8', pkcs8, { name: 'RSA-PSS', hash: 'SHA-256' }, false, ['sign'])
          .then((k) => codeOf(importPrivateKey(k as CryptoKey))),
      ],
      [
        'SHA-1',
        subtle
          .importKey('pkcs8', pkcs8, { ...RSA, hash: 'SHA-1' }, false, ['sign'])
          .then((k) => codeOf(importPrivateKey(k as CryptoKey))),
      ],
      [
        'HMAC',
        subtle
          .importKey('raw', new Uint8Array(16), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
          .then((k) => codeOf(importPrivateKey(k as CryptoKey))),
      ],
      [
        'no usage',
        subtle
          .importKey('spki', spki('rsa-2048-spki'), RSA, true, [])
          .then((k) => codeOf(importPublicKey(k as CryptoKey))),
      ],
    ];
    for (const [label, p] of cases) expect(await p, label).toBe('ERR_KEY_INVALID');
    const pub = (await subtle.importKey('spki', spki('rsa-2048-spki'), RSA, true, ['verify'])) as CryptoKey;
    await expect(importPrivateKey(pub)).rejects.toThrow('got a "public" CryptoKey where a private key is needed');
    const weak = (await subtle.importKey('pkcs8', der('rsa-1024-pkcs8'), RSA, false, ['sign'])) as CryptoKey;
    expect(await codeOf(importPrivateKey(weak))).toBe('ERR_KEY_TOO_SMALL');
  });

  it('refuses a look-alike object that is not a real CryptoKey on both backends', async () => {
    const fake = {
      type: 'private',
      algorithm: { name: 'RSASSA-PKCS1-v1_5', hash: { name: 'SHA-256' }, modulusLength: 2048 },
      usages: ['sign'],
    };
    expect(await codeOf(importPrivateKey(fake as unknown as CryptoKey))).toBe('ERR_KEY_INVALID');
  });
});

describe('hostile input through the whole import path', () => {
  it('only ever rejects with PaysigError for mutated PEM keys', async () => {
    const base = new Uint8Array(createPrivateKey(pemOf('rsa-2048-pkcs1')).export({ type: 'pkcs1', format: 'der' }));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: base.length - 1 }), fc.integer({ min: 0, max: 7 }), async (i, bit) => {
        const mutated = base.slice();
        mutated[i]! ^= 1 << bit;
        const pem = formatPem('RSA PRIVATE KEY', mutated);
        await codeOf(importPrivateKey(pem)); // asserts PaysigError on rejection
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 200 }),
        fc.constantFrom('PRIVATE KEY', 'PUBLIC KEY', 'RSA PUBLIC KEY', 'RSA PRIVATE KEY' as const),
        async (bytes, label) => {
          const pem = formatPem(label, bytes.length === 0 ? Uint8Array.of(0) : bytes);
          expect(await codeOf(importPrivateKey(pem))).not.toBe('ok');
          expect(await codeOf(importPublicKey(pem))).not.toBe('ok');
        },
      ),
      { numRuns: 200 },
    );
  });
});

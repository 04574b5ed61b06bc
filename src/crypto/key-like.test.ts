// How a value is recognised as a genuine CryptoKey (cryptoKeySlots): the prototype walk and its
// depth bound, the constructor check on each prototype, the getters read from
// CryptoKey.prototype, and the shape of what they return. A look-alike must never pass.
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importPrivateKey, importPublicKey } from '../keys/import.js';
import { cryptoKeySlots } from './key-like.js';
import { refusal } from '../../test/helpers/refusal.js';

const { subtle } = webcrypto;
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1) };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fresh real CryptoKey (HMAC: quick to make; cryptoKeySlots does not look at the algorithm). */
async function realKey(): Promise<CryptoKey> {
  return (await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign'])) as CryptoKey;
}

/** `key` with its prototype chain replaced by `n` class prototypes above CryptoKey.prototype. */
function deepen<T extends object>(key: T, n: number): T {
  let cls: abstract new () => object = CryptoKey as unknown as abstract new () => object;
  for (let i = 0; i < n; i++) cls = class extends cls {};
  Object.setPrototypeOf(key, cls.prototype);
  return key;
}

/** A proxy whose every reflective operation throws (a hostile value). */
function hostile(): object {
  const boom = (): never => {
    throw new Error('trap');
  };
  return new Proxy({}, { getPrototypeOf: boom, getOwnPropertyDescriptor: boom, has: boom, get: boom, ownKeys: boom });
}

describe('cryptoKeySlots: real keys', () => {
  it('a real key: its slots, read through the getters', async () => {
    const key = await realKey();
    expect(cryptoKeySlots(key)).toEqual({
      type: 'secret',
      extractable: true,
      algorithm: expect.objectContaining({ name: 'HMAC' }),
      usages: ['sign'],
    });
  });

  it('non-objects and null are no keys (and do not throw)', () => {
    for (const v of [null, undefined, 0, 'key', Symbol('k'), () => 1]) expect(cryptoKeySlots(v)).toBeUndefined();
  });
});

describe('cryptoKeySlots: the prototype walk is bounded at 8 steps', () => {
  it('CryptoKey.prototype 7 steps up (6 subclasses between): a key', async () => {
    expect(cryptoKeySlots(deepen(await realKey(), 6))).toMatchObject({ type: 'secret' });
  });

  it('CryptoKey.prototype 8 steps up (7 subclasses between): not a key', async () => {
    expect(cryptoKeySlots(deepen(await realKey(), 7))).toBeUndefined();
  });

  it('CryptoKey.prototype 21 steps up: not a key', async () => {
    expect(cryptoKeySlots(deepen(await realKey(), 20))).toBeUndefined();
  });
});

describe('cryptoKeySlots: look-alikes built on a real key', () => {
  it('Object.create(realKey) (the key is an instance on the way, not a class prototype): not a key, no throw', async () => {
    const key = await realKey();
    // The getters would answer for it: node's brand check follows the prototype chain.
    expect(() => cryptoKeySlots(Object.create(key))).not.toThrow();
    expect(cryptoKeySlots(Object.create(key))).toBeUndefined();
  });

  it('a real key whose prototype is a plain object (no constructor of its own) on CryptoKey.prototype: not a key', async () => {
    const key = await realKey();
    Object.setPrototypeOf(key, Object.create(CryptoKey.prototype));
    expect(cryptoKeySlots(key)).toBeUndefined();
  });

  it('a real key whose prototype has a constructor property that is not a function: not a key', async () => {
    const key = await realKey();
    Object.setPrototypeOf(key, Object.create(CryptoKey.prototype, { constructor: { value: 'CryptoKey' } }));
    expect(cryptoKeySlots(key)).toBeUndefined();
  });

  it('a real key with an `algorithm` getter of its own: not a key', async () => {
    const key = await realKey();
    Object.defineProperty(key, 'algorithm', { get: () => RSA });
    expect(cryptoKeySlots(key)).toBeUndefined();
  });

  it('through the public API: importPublicKey / importPrivateKey refuse them with ERR_KEY_INVALID', async () => {
    const pair = (await subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
    const deep = (await subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
    for (const p of [
      importPublicKey(Object.create(pair.publicKey) as CryptoKey),
      importPrivateKey(Object.create(pair.privateKey) as CryptoKey),
      importPublicKey(deepen(deep.publicKey, 7)),
      importPrivateKey(deepen(deep.privateKey, 7)),
    ]) {
      const e = await refusal(p);
      expect(e).toMatchObject({ code: 'ERR_KEY_INVALID' });
      expect(e.message).toContain('not a CryptoKey');
    }
  });
});

describe('cryptoKeySlots: the CryptoKey class of the runtime', () => {
  it('no CryptoKey class: undefined, no throw', async () => {
    const key = await realKey();
    vi.stubGlobal('CryptoKey', undefined);
    expect(cryptoKeySlots(key)).toBeUndefined();
  });

  it('null is refused before the runtime is consulted (even a CryptoKey whose prototype throws)', () => {
    vi.stubGlobal('CryptoKey', {
      get prototype(): never {
        throw new Error('read CryptoKey.prototype');
      },
    });
    expect(cryptoKeySlots(null)).toBeUndefined();
  });

  it('CryptoKey.prototype null: the value is not even looked at (a hostile proxy does not throw)', () => {
    vi.stubGlobal('CryptoKey', { prototype: null });
    expect(cryptoKeySlots(hostile())).toBeUndefined();
  });

  it('CryptoKey.prototype not an object (a function, even one with the getters): undefined', async () => {
    const key = await realKey();
    const fn = function CryptoKeyPrototype(): void {};
    for (const name of ['type', 'extractable', 'algorithm', 'usages']) {
      Object.defineProperty(fn, name, { get: () => (name === 'type' ? 'public' : name === 'usages' ? [] : {}) });
    }
    vi.stubGlobal('CryptoKey', { prototype: fn });
    expect(cryptoKeySlots(key)).toBeUndefined();
  });
});

/**
 * A stand-in CryptoKey class whose getters return `values` (or throw for `throwOn`), installed as
 * the global CryptoKey; returns an instance (its prototype holds the getters).
 */
function stubClass(values: Record<string, unknown>, throwOn?: string): object {
  class FakeCryptoKey {}
  for (const name of ['type', 'extractable', 'algorithm', 'usages']) {
    Object.defineProperty(FakeCryptoKey.prototype, name, {
      get(): unknown {
        if (name === throwOn) throw new TypeError('Illegal invocation');
        return values[name];
      },
    });
  }
  vi.stubGlobal('CryptoKey', FakeCryptoKey);
  return new FakeCryptoKey();
}

describe('cryptoKeySlots: what the getters return must look like a key', () => {
  const good = { type: 'public', extractable: true, algorithm: { name: 'RSASSA-PKCS1-v1_5' }, usages: ['verify'] };

  it('control: getters returning a string type and an algorithm object give the slots', () => {
    expect(cryptoKeySlots(stubClass(good))).toEqual(good);
  });

  it('a getter that throws (the brand check refuses), even after others answered: undefined', () => {
    expect(cryptoKeySlots(stubClass(good, 'usages'))).toBeUndefined();
    expect(cryptoKeySlots(stubClass(good, 'type'))).toBeUndefined();
  });

  it('a type that is not a string: undefined', () => {
    expect(cryptoKeySlots(stubClass({ ...good, type: 42 }))).toBeUndefined();
    expect(cryptoKeySlots(stubClass({ ...good, type: undefined }))).toBeUndefined();
  });

  it('an algorithm that is not an object: undefined', () => {
    expect(cryptoKeySlots(stubClass({ ...good, algorithm: 'RSASSA-PKCS1-v1_5' }))).toBeUndefined();
    expect(cryptoKeySlots(stubClass({ ...good, algorithm: undefined }))).toBeUndefined();
  });

  it('an algorithm that is null: undefined', () => {
    expect(cryptoKeySlots(stubClass({ ...good, algorithm: null }))).toBeUndefined();
  });
});

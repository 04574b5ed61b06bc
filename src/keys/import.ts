/**
 * RSA key import for RSA-SHA256 (RSASSA-PKCS1-v1_5 with SHA-256), with a cache.
 *
 * Importing a PEM key costs more than an RSA signature, so each key is imported once: PEM strings
 * are cached in two small bounded maps (private and public, oldest evicted first), `CryptoKey`
 * objects in weak maps. A repeated call is a single map lookup returning the same promise.
 *
 * @module
 */
import { backendName, fromCryptoKey, importPrivateKey as importPkcs8, importPublicKey as importSpki } from '#crypto';
import { rsaKeyParameters } from '#crypto';
import type { KeyHandle } from '../crypto/backend.js';
import { KeyError, PaysigError } from '../errors/index.js';
import { privateKeyDer, publicKeyDer, type KeyKind } from './decode.js';
import { checkRsaKey } from './rules.js';
import { promiseCache, type PromiseCache } from '../cache/promise.js';
import { cryptoKeySlots, type CryptoKeyLike, type CryptoKeySlots } from '../crypto/key-like.js';

/** How many PEM keys of each kind stay imported. */
export const KEY_CACHE_SIZE = 32;

/** Imported PEM keys by kind: the one bounded cache of paysig (a failed import is not kept). */
const pemCache: Record<KeyKind, PromiseCache<KeyHandle>> = {
  private: /* @__PURE__ */ promiseCache(KEY_CACHE_SIZE),
  public: /* @__PURE__ */ promiseCache(KEY_CACHE_SIZE),
};
const cryptoKeyCache: Record<KeyKind, WeakMap<CryptoKey, Promise<KeyHandle>>> = {
  private: new WeakMap(),
  public: new WeakMap(),
};

async function load(der: Uint8Array, kind: KeyKind): Promise<KeyHandle> {
  try {
    return await (kind === 'private' ? importPkcs8(der) : importSpki(der));
  } catch (cause) {
    throw new KeyError(`RSA ${kind} key was refused by the ${backendName()} crypto backend`, { cause });
  }
}

/** Reads a PEM key of one half into the DER its backend imports (`decode.ts`). */
type DerOf = (pem: string) => Uint8Array;

function importPem(pem: string, kind: KeyKind, derOf: DerOf): Promise<KeyHandle> {
  let der: Uint8Array | undefined;
  // The PEM is decoded only on a miss; a malformed one rejects here and is never cached.
  return pemCache[kind].get(pem, () => {
    try {
      der = derOf(pem);
    } catch (error) {
      return Promise.reject(error);
    }
    return load(der, kind);
  });
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value.slice(0, 40)}"` : typeof value;
}

/** The exponent as an unsigned big-endian Uint8Array of any realm, or undefined. */
function exponentBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  return Object.prototype.toString.call(value) === '[object Uint8Array]' ? (value as Uint8Array) : undefined;
}

/**
 * Checks a caller's CryptoKey is an RSASSA-PKCS1-v1_5 / SHA-256 key of the right kind and size.
 * Every fact comes from the key itself: its slots through the platform's getters (never a
 * property set on the object), and its modulus and exponent from the key material when the
 * backend can read it (node:crypto always; WebCrypto for an extractable key, by JWK export).
 */
async function checkCryptoKey(key: CryptoKey, slots: CryptoKeySlots, kind: KeyKind): Promise<void> {
  const algorithm = slots.algorithm as Partial<RsaHashedKeyAlgorithm>;
  if (algorithm.name !== 'RSASSA-PKCS1-v1_5') {
    throw new KeyError(
      `CryptoKey algorithm is ${describe(algorithm.name)}: RSASSA-PKCS1-v1_5 with SHA-256 is required`,
    );
  }
  const hash = algorithm.hash?.name;
  if (hash !== 'SHA-256') {
    throw new KeyError(`CryptoKey hash is ${describe(hash)}: RSASSA-PKCS1-v1_5 with SHA-256 is required`);
  }
  const material = await rsaKeyParameters(key);
  if (material !== undefined && !material.rs256) {
    throw new KeyError('CryptoKey material is not an RSASSA-PKCS1-v1_5 key for SHA-256, whatever its algorithm says');
  }
  // WebCrypto hides a non-extractable key's material: its [[algorithm]] slot is what remains.
  const bits = material?.bits ?? algorithm.modulusLength;
  if (typeof bits !== 'number') throw new KeyError('CryptoKey has no modulusLength');
  const exponent = material?.exponent ?? exponentBytes(algorithm.publicExponent);
  if (exponent === undefined) throw new KeyError('CryptoKey has no publicExponent (a Uint8Array): not an RSA key');
  checkRsaKey(bits, exponent);
  if (slots.type !== kind) {
    throw new KeyError(`got a ${describe(slots.type)} CryptoKey where a ${kind} key is needed`);
  }
  const usage = kind === 'private' ? 'sign' : 'verify';
  if (!Array.isArray(slots.usages) || !slots.usages.includes(usage)) {
    throw new KeyError(`CryptoKey usages do not include "${usage}"`);
  }
}

async function adopt(key: CryptoKey, slots: CryptoKeySlots, kind: KeyKind): Promise<KeyHandle> {
  try {
    await checkCryptoKey(key, slots, kind);
    return fromCryptoKey(key);
  } catch (error) {
    if (error instanceof PaysigError) throw error;
    throw new KeyError(`CryptoKey was refused by the ${backendName()} crypto backend`, { cause: error });
  }
}

function importCryptoKey(key: CryptoKey, slots: CryptoKeySlots, kind: KeyKind): Promise<KeyHandle> {
  const cache = cryptoKeyCache[kind];
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const promise = adopt(key, slots, kind);
  cache.set(key, promise);
  promise.catch(() => {
    if (cache.get(key) === promise) cache.delete(key);
  });
  return promise;
}

function importKey(key: string | CryptoKeyLike, kind: KeyKind, derOf: DerOf): Promise<KeyHandle> {
  if (typeof key === 'string') return importPem(key, kind, derOf);
  try {
    return importObject(key, kind);
  } catch {
    // A proxy whose traps throw, or a revoked one: reading it failed, so it is no key (and the
    // promise this function returns rejects instead of the call throwing).
    return Promise.reject(new KeyError(`${kind}Key is an object that cannot be read (a revoked or throwing Proxy?)`));
  }
}

function importObject(key: CryptoKeyLike, kind: KeyKind): Promise<KeyHandle> {
  const slots = cryptoKeySlots(key);
  if (slots !== undefined) return importCryptoKey(key as CryptoKey, slots, kind);
  if (
    typeof key === 'object' &&
    key !== null &&
    typeof (globalThis as { CryptoKey?: unknown }).CryptoKey !== 'function'
  ) {
    return Promise.reject(
      new KeyError(
        `${kind}Key is an object, and this runtime has no CryptoKey class to check it with: pass the key as PEM text`,
      ),
    );
  }
  const hint = kind === 'private' ? "{ format: 'pem', type: 'pkcs8' }" : "{ format: 'pem', type: 'spki' }";
  let got: string;
  if (key instanceof Uint8Array) {
    got = `bytes (readFileSync without an encoding?): pass the PEM text, readFileSync(path, 'utf8') or bytes.toString()`;
  } else if (key !== null && typeof key === 'object' && typeof (key as { export?: unknown }).export === 'function') {
    got = `a Node KeyObject: pass the PEM string or key.export(${hint})`;
  } else {
    got = key === null ? 'null' : typeof key === 'object' ? 'an object that is not a CryptoKey' : typeof key;
  }
  return Promise.reject(new KeyError(`${kind}Key must be a PEM string or a CryptoKey, got ${got}`));
}

/**
 * Imports (and caches) an RSA private key for RSA-SHA256 signing. PEM PKCS#8 or PKCS#1, or a CryptoKey.
 *
 * PEM text must hold exactly one unencrypted `BEGIN PRIVATE KEY` (PKCS#8) or
 * `BEGIN RSA PRIVATE KEY` (PKCS#1) block; PKCS#1 is wrapped into PKCS#8 here, because WebCrypto
 * imports only PKCS#8. A `CryptoKey` must be a private RSASSA-PKCS1-v1_5 / SHA-256 key with the
 * `sign` usage. The same string or `CryptoKey` is imported only once (bounded cache).
 *
 * @param key - the private key: PEM text or a `CryptoKey`
 * @returns the backend's key handle, for `rsaSha256Sign`
 * @throws (rejects with) {@link WeakKeyError} (`ERR_KEY_TOO_SMALL`) for a modulus below 2048 bits,
 *   {@link KeyTooLargeError} (`ERR_KEY_TOO_LARGE`) above 8192 bits, {@link KeyExponentError}
 *   (`ERR_KEY_EXPONENT`) for a public exponent other than 65537,
 *   {@link KeyError} (`ERR_KEY_INVALID`) for anything else wrong: malformed, non-DER or encrypted
 *   PEM, a public key, a non-RSA key, a key the backend refuses
 */
export function importPrivateKey(key: string | CryptoKeyLike): Promise<KeyHandle> {
  return importKey(key, 'private', privateKeyDer);
}

/**
 * Imports (and caches) an RSA public key for RSA-SHA256 verification. PEM SPKI or PKCS#1, or a CryptoKey.
 *
 * PEM text must hold exactly one `BEGIN PUBLIC KEY` (SPKI) or `BEGIN RSA PUBLIC KEY` (PKCS#1)
 * block; PKCS#1 is wrapped into SPKI here. A `CryptoKey` must be a public RSASSA-PKCS1-v1_5 /
 * SHA-256 key with the `verify` usage. The same string or `CryptoKey` is imported only once.
 *
 * @param key - the public key: PEM text or a `CryptoKey`
 * @returns the backend's key handle, for `rsaSha256Verify`
 * @throws (rejects with) {@link WeakKeyError} (`ERR_KEY_TOO_SMALL`) for a modulus below 2048 bits,
 *   {@link KeyTooLargeError} (`ERR_KEY_TOO_LARGE`) above 8192 bits, {@link KeyExponentError}
 *   (`ERR_KEY_EXPONENT`) for a public exponent other than 65537 (e = 1 would let
 *   anyone forge signatures), {@link KeyError} (`ERR_KEY_INVALID`) for anything else
 *   wrong: malformed or non-DER PEM (redundant leading zeros, trailing bytes), a private key, a
 *   non-RSA key, a key the backend refuses
 */
export function importPublicKey(key: string | CryptoKeyLike): Promise<KeyHandle> {
  return importKey(key, 'public', publicKeyDer);
}

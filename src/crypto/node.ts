/**
 * The node:crypto backend. `#crypto` resolves here under the `node`, `deno` and `bun` conditions
 * (Node, bundlers targeting Node, Deno, Bun), unless `paysig-webcrypto` is set. It exists for
 * speed: node:crypto answers synchronously, where every WebCrypto call is a round trip through
 * the thread pool. Each operation is its own export, so a bundle keeps only what it calls.
 *
 * @module
 */
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  generateKeyPair,
  KeyObject,
  randomFillSync,
  sign,
  verify,
} from 'node:crypto';
import * as nodeCrypto from 'node:crypto';
import { boundedCache } from '../cache/bounded.js';
import type { CryptoKeyLike } from './key-like.js';
import type { KeyHandle, RsaKeyParameters } from './backend.js';

/**
 * One-shot `crypto.hash` (Node >= 20.12 / 21.7): about twice as fast as `createHash` on the
 * short inputs of control digests. Read from the namespace so runtimes without it still load.
 */
const oneShotHash = (nodeCrypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

const asKey = (h: KeyHandle): KeyObject => h as unknown as KeyObject;
const asHandle = (k: KeyObject): KeyHandle => k as unknown as KeyHandle;
const bytes = (b: Uint8Array): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** This backend's name. */
export function backendName(): 'node' {
  return 'node';
}

/** Lowercase hex SHA-1 of the UTF-8 bytes of a well-formed string. */
export function sha1Hex(data: string): Promise<string> {
  if (oneShotHash !== undefined) return Promise.resolve(oneShotHash('sha1', data, 'hex'));
  return Promise.resolve(createHash('sha1').update(data, 'utf8').digest('hex'));
}

/**
 * HMAC keys as key objects, by key text: `createHmac` with a string key converts and copies it on
 * every call (about a fifth of an HMAC over a 1 KB base string). The web backend caches its
 * imported keys the same way and to the same bound.
 */
const hmacKeys = /* @__PURE__ */ boundedCache<KeyObject>(64);

/** Raw HMAC-SHA1 of the UTF-8 bytes of `data` under the UTF-8 bytes of `key` (key object cached). */
export function hmacSha1(key: string, data: string): Promise<Uint8Array> {
  let k = hmacKeys.get(key);
  if (k === undefined) {
    k = createSecretKey(Buffer.from(key));
    hmacKeys.set(key, k);
  }
  return Promise.resolve(bytes(createHmac('sha1', k).update(data, 'utf8').digest()));
}

/** Imports an RSA private key from PKCS#8 DER. */
export function importPrivateKey(pkcs8: Uint8Array): Promise<KeyHandle> {
  return Promise.resolve(asHandle(createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' })));
}

/** Imports an RSA public key from SPKI DER. */
export function importPublicKey(spki: Uint8Array): Promise<KeyHandle> {
  return Promise.resolve(asHandle(createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' })));
}

/** Adopts a caller's `CryptoKey` as a `KeyObject`. */
export function fromCryptoKey(key: CryptoKeyLike): KeyHandle {
  return asHandle(KeyObject.from(key as CryptoKey));
}

/**
 * Modulus length and exponent of a `CryptoKey`'s key material (its `KeyObject`, extractable or
 * not). node:crypto signs with SHA-256 whatever hash the `CryptoKey` names, so any `rsa` key
 * (not `rsa-pss`) is usable.
 */
export function rsaKeyParameters(key: CryptoKeyLike): Promise<RsaKeyParameters | undefined> {
  const object = KeyObject.from(key as CryptoKey);
  const details = object.asymmetricKeyDetails;
  const bits = details?.modulusLength;
  const e = details?.publicExponent;
  if (bits === undefined || e === undefined)
    return Promise.resolve({ bits: 0, exponent: new Uint8Array(0), rs256: false });
  let hex = e.toString(16);
  if (hex.length % 2 === 1) hex = '0' + hex;
  return Promise.resolve({
    bits,
    exponent: new Uint8Array(Buffer.from(hex, 'hex')),
    rs256: object.asymmetricKeyType === 'rsa',
  });
}

/** RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
export function rsaSha256Sign(key: KeyHandle, data: string): Promise<Uint8Array> {
  return Promise.resolve(bytes(sign('sha256', Buffer.from(data, 'utf8'), asKey(key))));
}

/** Verifies an RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
export function rsaSha256Verify(key: KeyHandle, signature: Uint8Array, data: string): Promise<boolean> {
  return Promise.resolve(verify('sha256', Buffer.from(data, 'utf8'), asKey(key), signature));
}

/** Generates an RSA key pair (exponent 65537) off the main thread; returns PKCS#8 and SPKI DER. */
export function generateRsaKeyPair(bits: number): Promise<{ pkcs8: Uint8Array; spki: Uint8Array }> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: bits,
        publicExponent: 0x10001,
        privateKeyEncoding: { format: 'der', type: 'pkcs8' },
        publicKeyEncoding: { format: 'der', type: 'spki' },
      },
      (err, spki, pkcs8) => (err ? reject(err) : resolve({ pkcs8: bytes(pkcs8), spki: bytes(spki) })),
    );
  });
}

/** Cryptographically secure random bytes. */
export function randomBytes(length: number): Uint8Array {
  return randomFillSync(new Uint8Array(length));
}

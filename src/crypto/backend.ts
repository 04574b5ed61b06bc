/**
 * The one seam for cryptography. Every hash, MAC, signature, key import and random byte in paysig
 * goes through the module that `#crypto` names; no other module touches `crypto.subtle` or
 * `node:crypto`.
 *
 * `#crypto` is a Node subpath import (package.json `"imports"`), so the backend is chosen when the
 * module graph is resolved, by export conditions, never by a side effect at run time:
 *
 * | condition          | module                | who sets it                                  |
 * | ------------------ | --------------------- | -------------------------------------------- |
 * | `paysig-source`    | `src/crypto/node.ts`  | the type checker only (tsconfig.json)        |
 * | `paysig-webcrypto` | `dist/crypto/web.js`  | you: `node --conditions=paysig-webcrypto`    |
 * | `deno`             | `dist/crypto/node.js` | Deno                                         |
 * | `bun`              | `dist/crypto/node.js` | Bun                                          |
 * | `node`             | `dist/crypto/node.js` | Node, and bundlers targeting Node            |
 * | `default`          | `dist/crypto/web.js`  | browsers, workerd, bundlers for the browser  |
 *
 * The vitest projects alias `#crypto` to `web.ts` and `node.ts` instead (vitest.config.ts).
 *
 * node:crypto is preferred where it exists because an awaited WebCrypto call costs ~17 us in
 * Node 20, far more than the SHA-1 or HMAC of a small request.
 *
 * Both backends export the same named functions, described by {@link CryptoBackend};
 * test/backend.test.ts fails to compile if either module drifts from it. Named exports (not one
 * object) let a bundler keep only the functions a bundle calls.
 *
 * @module
 */
import type { CryptoKeyLike } from './key-like.js';

/** An imported RSA key, in the backend's own form (a `CryptoKey` or a node `KeyObject`). */
export type KeyHandle = {
  /**
   * Type-only brand that keeps other values from passing as a key handle. It does not exist at
   * runtime: never read it.
   */
  readonly __paysigKeyHandle: unique symbol;
};

/** What {@link CryptoBackend.rsaKeyParameters} reads from an RSA key's material. Internal. */
export interface RsaKeyParameters {
  /** Modulus length in bits. */
  readonly bits: number;
  /** Public exponent, unsigned big-endian. */
  readonly exponent: Uint8Array;
  /** True when the material is an RSASSA-PKCS1-v1_5 key for SHA-256 (not RSA-PSS, not another hash). */
  readonly rs256: boolean;
}

/** The named exports of a backend module (`#crypto`). Internal. */
export interface CryptoBackend {
  /** `'web'` (WebCrypto) or `'node'` (node:crypto). */
  backendName(): 'web' | 'node';
  /** Lowercase hex SHA-1 of the UTF-8 bytes of a well-formed string. */
  sha1Hex(data: string): Promise<string>;
  /** Raw HMAC-SHA1 of the UTF-8 bytes of `data` under the UTF-8 bytes of `key`. */
  hmacSha1(key: string, data: string): Promise<Uint8Array>;
  /** Imports an RSA private key from PKCS#8 DER for RSASSA-PKCS1-v1_5 with SHA-256. */
  importPrivateKey(pkcs8: Uint8Array): Promise<KeyHandle>;
  /** Imports an RSA public key from SPKI DER for RSASSA-PKCS1-v1_5 with SHA-256. */
  importPublicKey(spki: Uint8Array): Promise<KeyHandle>;
  /** Adopts a caller's `CryptoKey` (already checked to be RSASSA-PKCS1-v1_5 / SHA-256). */
  fromCryptoKey(key: CryptoKeyLike): KeyHandle;
  /**
   * The modulus length and public exponent of a `CryptoKey`'s key material itself (never its
   * `algorithm` object, which a caller can shadow or change), and whether that material is an
   * RSASSA-PKCS1-v1_5 key usable with SHA-256; undefined when the backend cannot read the material
   * (WebCrypto and a non-extractable key).
   */
  rsaKeyParameters(key: CryptoKeyLike): Promise<RsaKeyParameters | undefined>;
  /** RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
  rsaSha256Sign(key: KeyHandle, data: string): Promise<Uint8Array>;
  /** Verifies an RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
  rsaSha256Verify(key: KeyHandle, signature: Uint8Array, data: string): Promise<boolean>;
  /** Generates an RSA key pair; returns PKCS#8 and SPKI DER. */
  generateRsaKeyPair(bits: number): Promise<{ pkcs8: Uint8Array; spki: Uint8Array }>;
  /** Cryptographically secure random bytes. */
  randomBytes(length: number): Uint8Array;
}

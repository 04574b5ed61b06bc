/**
 * The one seam for cryptography. Every hash, MAC, signature, key import and random byte in paysig
 * goes through the {@link CryptoBackend} returned by {@link backend}; no other module touches
 * `crypto.subtle` or `node:crypto`.
 *
 * The WebCrypto backend is the default on every runtime. The package's `node` export condition
 * (Node, and Deno and Bun, which resolve it too) loads an entry point that installs the
 * node:crypto backend, because an awaited WebCrypto call costs ~17 us in Node 20, far more than
 * the SHA-1 or HMAC of a small request.
 *
 * @module
 */

import type { CryptoKeyLike } from '../keys/crypto-key.js';

/** An imported RSA key, in the backend's own form (a `CryptoKey` or a node `KeyObject`). */
export type KeyHandle = {
  /**
   * Type-only brand that keeps other values from passing as a key handle. It does not exist at
   * runtime: never read it.
   */
  readonly __paysigKeyHandle: unique symbol;
};

/** The operations paysig needs from a cryptography provider. Internal. */
export interface CryptoBackend {
  /** `'web'` (WebCrypto) or `'node'` (node:crypto). */
  readonly name: 'web' | 'node';
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
  /** RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
  rsaSha256Sign(key: KeyHandle, data: string): Promise<Uint8Array>;
  /** Verifies an RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
  rsaSha256Verify(key: KeyHandle, signature: Uint8Array, data: string): Promise<boolean>;
  /** Generates an RSA key pair; returns PKCS#8 and SPKI DER. */
  generateRsaKeyPair(bits: number): Promise<{ pkcs8: Uint8Array; spki: Uint8Array }>;
  /** Cryptographically secure random bytes. */
  randomBytes(length: number): Uint8Array;
}

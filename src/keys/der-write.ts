/**
 * The DER writer: the few encodings paysig produces (PKCS#1 keys wrapped into PKCS#8 and SPKI).
 * The strict reader is `der.ts`.
 *
 * @module
 */
import { concatBytes } from '../encoding/bytes.js';
import { RSA_ALGORITHM_ID, TAG_BIT_STRING, TAG_INTEGER, TAG_OCTET_STRING, TAG_SEQUENCE } from './der.js';

/** Encodes a DER definite length. */
function lengthBytes(len: number): number[] {
  if (len < 0x80) return [len];
  const out: number[] = [];
  for (let n = len; n > 0; n = Math.floor(n / 256)) out.unshift(n & 0xff);
  return [0x80 | out.length, ...out];
}

/** One DER element from a tag and its (already encoded) contents. */
export function encodeElement(tag: number, ...contents: ReadonlyArray<ArrayLike<number>>): Uint8Array {
  let len = 0;
  for (const c of contents) len += c.length;
  return concatBytes([[tag, ...lengthBytes(len)], ...contents]);
}

/**
 * Wraps a PKCS#1 `RSAPrivateKey` into a PKCS#8 `PrivateKeyInfo`: version 0, AlgorithmIdentifier
 * rsaEncryption with NULL parameters, the key as an OCTET STRING. No attributes.
 */
export function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array {
  return encodeElement(TAG_SEQUENCE, [TAG_INTEGER, 1, 0], RSA_ALGORITHM_ID, encodeElement(TAG_OCTET_STRING, pkcs1));
}

/**
 * Wraps a PKCS#1 `RSAPublicKey` into an X.509 `SubjectPublicKeyInfo`: AlgorithmIdentifier
 * rsaEncryption with NULL parameters, the key as a BIT STRING with no unused bits.
 */
export function pkcs1ToSpki(pkcs1: Uint8Array): Uint8Array {
  return encodeElement(TAG_SEQUENCE, RSA_ALGORITHM_ID, encodeElement(TAG_BIT_STRING, [0], pkcs1));
}

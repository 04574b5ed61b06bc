/**
 * A tiny DER writer for RSA keys, written for the tests and independent of src/keys/der.ts, so
 * tests can build keys paysig must refuse (e = 1, even e, odd sizes, non-minimal INTEGERs, stray
 * bytes). Numbers come from node:crypto's JWK export of the committed test-only keys.
 */
import { createPrivateKey, createPublicKey, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const KEYS_DIR = join(import.meta.dirname, '../../vectors/keys');

/** PEM text of a committed test-only key file. */
export const keyFile = (name: string): string => readFileSync(join(KEYS_DIR, name), 'utf8');

function lengthOf(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / 256)) bytes.unshift(x & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One DER element. */
export function tlv(tag: number, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthOf(body.length), body]);
}

/** A DER INTEGER of an unsigned big-endian magnitude (a 0x00 is prepended when the top bit is set). */
export function int(magnitude: Uint8Array | number | bigint, extraLeadingZero = false): Buffer {
  let b: Buffer;
  if (typeof magnitude === 'number' || typeof magnitude === 'bigint') {
    let hex = BigInt(magnitude).toString(16);
    if (hex.length % 2) hex = '0' + hex;
    b = Buffer.from(hex, 'hex');
  } else {
    b = Buffer.from(magnitude);
  }
  while (b.length > 1 && b[0] === 0) b = b.subarray(1);
  if (b[0]! & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  if (extraLeadingZero) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

const RSA_ALG = Buffer.from('300d06092a864886f70d0101010500', 'hex');

/** PKCS#1 RSAPublicKey. */
export const pkcs1Public = (n: Buffer, e: Buffer): Buffer => tlv(0x30, n, e);

/** SubjectPublicKeyInfo around a PKCS#1 RSAPublicKey. */
export const spkiOf = (pkcs1: Buffer): Buffer => tlv(0x30, RSA_ALG, tlv(0x03, Buffer.from([0]), pkcs1));

/** PKCS#8 PrivateKeyInfo around a PKCS#1 RSAPrivateKey. */
export const pkcs8Of = (pkcs1: Buffer): Buffer => tlv(0x30, int(0), RSA_ALG, tlv(0x04, pkcs1));

/** PEM armour. */
export function pem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** The modulus of a committed key, big-endian. */
export function modulusOf(file: string): Buffer {
  const jwk = createPublicKey(keyFile(file)).export({ format: 'jwk' });
  return Buffer.from(jwk.n!, 'base64url');
}

/** An SPKI PEM with the modulus of `file` and public exponent `e`. */
export function spkiWithExponent(file: string, e: number | bigint): string {
  return pem('PUBLIC KEY', spkiOf(pkcs1Public(int(modulusOf(file)), int(e))));
}

/**
 * A PKCS#1 RSAPrivateKey with the primes of a committed private key but exponents e = d = 1
 * (so dP = dQ = 1): structurally valid, and weak.
 */
export function pkcs1PrivateWithUnitExponent(file: string): Buffer {
  const jwk = createPrivateKey(keyFile(file)).export({ format: 'jwk' });
  const b = (s: string | undefined): Buffer => Buffer.from(s!, 'base64url');
  return tlv(0x30, int(0), int(b(jwk.n)), int(1), int(1), int(b(jwk.p)), int(b(jwk.q)), int(1), int(1), int(b(jwk.qi)));
}

/** EMSA-PKCS1-v1_5 encoding (RFC 8017 9.2) of SHA-256(message) for a k-byte modulus. */
export function emsaPkcs1Sha256(message: string, k: number): Buffer {
  const digestInfo = Buffer.concat([
    Buffer.from('3031300d060960864801650304020105000420', 'hex'),
    createHash('sha256').update(message, 'utf8').digest(),
  ]);
  const ps = Buffer.alloc(k - 3 - digestInfo.length, 0xff);
  return Buffer.concat([Buffer.from([0x00, 0x01]), ps, Buffer.from([0x00]), digestInfo]);
}

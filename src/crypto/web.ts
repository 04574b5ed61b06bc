/**
 * The WebCrypto backend: `crypto.subtle` and `crypto.getRandomValues` only, so it runs on Node,
 * Deno, Bun, browsers and Cloudflare Workers alike. `#crypto` resolves here under the `default`
 * condition (browsers, workerd, browser bundles) and under `paysig-webcrypto`, the condition that
 * forces it on Node (`node --conditions=paysig-webcrypto`). Each operation is its own export, so
 * a bundle keeps only what it calls.
 *
 * @module
 */
import type { KeyHandle, RsaKeyParameters } from './backend.js';
import type { CryptoKeyLike } from './key-like.js';
import { promiseCache } from '../cache/promise.js';
import { UnsupportedError } from '../errors/index.js';
import { toHex } from '../encoding/hex.js';
import { fromBase64 } from '../encoding/base64.js';

const utf8 = new TextEncoder();
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * The message when WebCrypto is missing. Kept short: it ships in every bundle. Browsers expose
 * `crypto.subtle` only in secure contexts (https, localhost); Node has it from 20 on.
 */
const MISSING = 'WebCrypto (globalThis.crypto.subtle) is not available';

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (s === undefined) throw new UnsupportedError(MISSING);
  return s;
}

/** Imported HMAC keys, so a control key is not imported again on every call. Bounded. */
const hmacKeys = /* @__PURE__ */ promiseCache<CryptoKey>(64);

function hmacKey(key: string): Promise<CryptoKey> {
  return hmacKeys.get(key, () =>
    subtle().importKey('raw', utf8.encode(key), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']),
  );
}

const asKey = (h: KeyHandle): CryptoKey => h as unknown as CryptoKey;
const asHandle = (k: CryptoKey): KeyHandle => k as unknown as KeyHandle;

/** This backend's name. */
export function backendName(): 'web' {
  return 'web';
}

/** Lowercase hex SHA-1 of the UTF-8 bytes of a well-formed string. */
export async function sha1Hex(data: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-1', utf8.encode(data))));
}

/** Raw HMAC-SHA1 of the UTF-8 bytes of `data` under the UTF-8 bytes of `key` (imported key cached). */
export async function hmacSha1(key: string, data: string): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign('HMAC', await hmacKey(key), utf8.encode(data)));
}

/** Imports an RSA private key from PKCS#8 DER for RSASSA-PKCS1-v1_5 with SHA-256. */
export async function importPrivateKey(pkcs8: Uint8Array): Promise<KeyHandle> {
  return asHandle(await subtle().importKey('pkcs8', pkcs8 as BufferSource, RSA, false, ['sign']));
}

/** Imports an RSA public key from SPKI DER for RSASSA-PKCS1-v1_5 with SHA-256. */
export async function importPublicKey(spki: Uint8Array): Promise<KeyHandle> {
  return asHandle(await subtle().importKey('spki', spki as BufferSource, RSA, false, ['verify']));
}

/** Adopts a caller's `CryptoKey` as it is. */
export function fromCryptoKey(key: CryptoKeyLike): KeyHandle {
  return asHandle(key as CryptoKey);
}

/** Bytes of a JWK member (Base64url, no padding). */
function jwkBytes(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}

/** Bit length of an unsigned big-endian integer. */
function bitLength(n: Uint8Array): number {
  let i = 0;
  while (i < n.length && n[i] === 0) i++;
  return i === n.length ? 0 : (n.length - i - 1) * 8 + (32 - Math.clz32(n[i]!));
}

/**
 * Modulus length and exponent of an extractable key, from its JWK export (the key material, not
 * the `algorithm` object); undefined for a non-extractable key, whose material WebCrypto hides.
 */
export async function rsaKeyParameters(key: CryptoKeyLike): Promise<RsaKeyParameters | undefined> {
  let jwk: JsonWebKey;
  try {
    jwk = await subtle().exportKey('jwk', key as CryptoKey);
  } catch {
    return undefined;
  }
  const n = jwkBytes(jwk.n);
  const e = jwkBytes(jwk.e);
  if (n === undefined || e === undefined) return { bits: 0, exponent: new Uint8Array(0), rs256: false };
  return { bits: bitLength(n), exponent: e, rs256: jwk.kty === 'RSA' && jwk.alg === 'RS256' };
}

/** RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
export async function rsaSha256Sign(key: KeyHandle, data: string): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign(RSA, asKey(key), utf8.encode(data)));
}

/** Verifies an RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `data`. */
export function rsaSha256Verify(key: KeyHandle, signature: Uint8Array, data: string): Promise<boolean> {
  return subtle().verify(RSA, asKey(key), signature as BufferSource, utf8.encode(data));
}

/** Generates an RSA key pair (exponent 65537); returns PKCS#8 and SPKI DER. */
export async function generateRsaKeyPair(bits: number): Promise<{ pkcs8: Uint8Array; spki: Uint8Array }> {
  const s = subtle();
  const pair = await s.generateKey({ ...RSA, modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'sign',
    'verify',
  ]);
  const [pkcs8, spki] = await Promise.all([s.exportKey('pkcs8', pair.privateKey), s.exportKey('spki', pair.publicKey)]);
  return { pkcs8: new Uint8Array(pkcs8), spki: new Uint8Array(spki) };
}

/** Cryptographically secure random bytes from `crypto.getRandomValues`. */
export function randomBytes(length: number): Uint8Array {
  if (typeof globalThis.crypto?.getRandomValues !== 'function') throw new UnsupportedError(MISSING);
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

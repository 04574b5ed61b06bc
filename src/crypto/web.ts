/**
 * The WebCrypto backend: `crypto.subtle` and `crypto.getRandomValues` only, so it runs on Node,
 * Deno, Bun, browsers and Cloudflare Workers alike.
 *
 * @module
 */
import type { CryptoBackend, KeyHandle } from './backend.js';
import { toHex } from '../encoding/hex.js';

const utf8 = new TextEncoder();
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (s === undefined) throw new Error('WebCrypto (globalThis.crypto.subtle) is not available');
  return s;
}

/** Imported HMAC keys, so a control key is not imported again on every call. Bounded. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const HMAC_CACHE_MAX = 64;

function hmacKey(key: string): Promise<CryptoKey> {
  let k = hmacKeys.get(key);
  if (k === undefined) {
    if (hmacKeys.size >= HMAC_CACHE_MAX) hmacKeys.delete(hmacKeys.keys().next().value as string);
    k = subtle().importKey('raw', utf8.encode(key), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
    k.catch(() => hmacKeys.delete(key));
    hmacKeys.set(key, k);
  }
  return k;
}

const asKey = (h: KeyHandle): CryptoKey => h as unknown as CryptoKey;
const asHandle = (k: CryptoKey): KeyHandle => k as unknown as KeyHandle;

/** SHA-1 hex on WebCrypto. Separate functions, so a bundle keeps only what it calls. @internal */
export async function webSha1Hex(data: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-1', utf8.encode(data))));
}

/** HMAC-SHA1 on WebCrypto, with the imported key cached. @internal */
export async function webHmacSha1(key: string, data: string): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign('HMAC', await hmacKey(key), utf8.encode(data)));
}

/** Random bytes from `crypto.getRandomValues`. @internal */
export function webRandomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** The WebCrypto implementation of {@link CryptoBackend}. */
export const webBackend: CryptoBackend = {
  name: 'web',
  sha1Hex: webSha1Hex,
  hmacSha1: webHmacSha1,
  async importPrivateKey(pkcs8) {
    return asHandle(await subtle().importKey('pkcs8', pkcs8 as BufferSource, RSA, false, ['sign']));
  },
  async importPublicKey(spki) {
    return asHandle(await subtle().importKey('spki', spki as BufferSource, RSA, true, ['verify']));
  },
  fromCryptoKey: asHandle,
  async rsaSha256Sign(key, data) {
    return new Uint8Array(await subtle().sign(RSA, asKey(key), utf8.encode(data)));
  },
  rsaSha256Verify(key, signature, data) {
    return subtle().verify(RSA, asKey(key), signature as BufferSource, utf8.encode(data));
  },
  async generateRsaKeyPair(bits) {
    const pair = await subtle().generateKey(
      { ...RSA, modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    );
    const [pkcs8, spki] = await Promise.all([
      subtle().exportKey('pkcs8', pair.privateKey),
      subtle().exportKey('spki', pair.publicKey),
    ]);
    return { pkcs8: new Uint8Array(pkcs8), spki: new Uint8Array(spki) };
  },
  randomBytes: webRandomBytes,
};

/**
 * The crypto seam's entry: which backend is in use, and the small operations most callers need.
 * Modules call these at the moment they need them, so the `node` entry point can install the
 * node:crypto backend before any call. Until a backend is installed, the WebCrypto functions
 * are called directly, so a bundle that only computes `control` digests carries only SHA-1.
 *
 * @module
 */
import type { CryptoBackend } from './backend.js';
import { webBackend, webHmacSha1, webRandomBytes, webSha1Hex } from './web.js';

export type { CryptoBackend, KeyHandle } from './backend.js';

let installed: CryptoBackend | undefined;

/** The backend in use: the installed one, else WebCrypto. */
export function backend(): CryptoBackend {
  return installed ?? webBackend;
}

/** Installs a backend (the `node` entry point and the tests do this). Internal. */
export function setBackend(next: CryptoBackend): void {
  installed = next;
}

/** Name of the backend in use. */
export function backendName(): 'web' | 'node' {
  return installed === undefined ? 'web' : installed.name;
}

/** Lowercase hex SHA-1 of the UTF-8 bytes of a well-formed string. */
export function sha1Hex(data: string): Promise<string> {
  return installed === undefined ? webSha1Hex(data) : installed.sha1Hex(data);
}

/** Raw HMAC-SHA1 of the UTF-8 bytes of `data` under the UTF-8 bytes of `key`. */
export function hmacSha1(key: string, data: string): Promise<Uint8Array> {
  return installed === undefined ? webHmacSha1(key, data) : installed.hmacSha1(key, data);
}

/** Cryptographically secure random bytes. */
export function randomBytes(length: number): Uint8Array {
  return installed === undefined ? webRandomBytes(length) : installed.randomBytes(length);
}
